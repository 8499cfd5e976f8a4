import { TestClient } from '../support/client';
import { createAdmin, createDoctor, signedInClient } from '../support/factories';
import { caughtUp, closedWithin, createCallParties, nextEvent, recorder, request, useSignallingServer } from './helpers';
import { DOCTOR_DEACTIVATED, DOCTOR_PENDING } from '../../server/services/doctor-standing';

/** An admin who unverifies or deactivates a doctor ends the doctor's open sessions and sockets at once. */
const harness = useSignallingServer();

const doctorLogin = (email: string, password: string) => new TestClient(harness.server.url).post('/api/auth/doctor/login', { email, password });

/** Where an admin's change goes: the verification or activation switch, or the profile (which carries isVerified too). */
const adminDoctorPath = (doctorId: string, control: string) => `/api/admin/doctors/${doctorId}${control === 'profile' ? '' : `/${control}`}`;

describe.each([
  { control: 'unverify', path: 'verification', body: { isVerified: false }, message: DOCTOR_PENDING },
  { control: 'deactivate', path: 'activation', body: { isActive: false }, message: DOCTOR_DEACTIVATED },
  { control: 'unverify in the profile', path: 'profile', body: { isVerified: false }, message: DOCTOR_PENDING },
])("an admin's '$control' control", ({ path, body, message }) => {
  it('ends every session and socket of the doctor within a second and refuses their sign-in with the reason', async () => {
    const doctor = await createDoctor();
    const admin = await signedInClient(harness.server.url, await createAdmin());
    const laptop = await signedInClient(harness.server.url, doctor);
    const phone = await signedInClient(harness.server.url, doctor);
    const sockets = await Promise.all([harness.socketFor(laptop), harness.socketFor(phone)]);
    expect((await laptop.get('/api/doctor/consultations')).status).toBe(200);

    const closing = sockets.map((socket) => closedWithin(socket, 1000));
    expect((await admin.patch(adminDoctorPath(doctor.record.id, path), body)).status).toBe(200);
    for (const took of await Promise.all(closing)) expect(took).toBeLessThan(1000);
    expect((await laptop.get('/api/doctor/consultations')).status).toBe(401);
    expect((await phone.get('/api/auth/doctor/me')).status).toBe(401);

    const refused = await doctorLogin(doctor.login, doctor.password);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(message);
    // A wrong password still says only that the credentials are wrong.
    expect((await doctorLogin(doctor.login, 'wrong-guess')).status).toBe(401);
  });
});

describe('doctors who may not sign in', () => {
  it('refuses a pending (unverified) doctor until an admin verifies them', async () => {
    const doctor = await createDoctor({ isVerified: false });
    const pending = await doctorLogin(doctor.login, doctor.password);
    expect([pending.status, pending.body.message]).toEqual([403, DOCTOR_PENDING]);
    const admin = await signedInClient(harness.server.url, await createAdmin());
    expect((await admin.patch(`/api/admin/doctors/${doctor.record.id}/verification`, { isVerified: true })).status).toBe(200);
    expect((await doctorLogin(doctor.login, doctor.password)).status).toBe(200);
  });

  it('lets a reactivated doctor sign in again, and keeps other doctors signed in throughout', async () => {
    const doctor = await createDoctor();
    const colleague = await signedInClient(harness.server.url, await createDoctor());
    const colleagueSocket = await harness.socketFor(colleague);
    const admin = await signedInClient(harness.server.url, await createAdmin());
    const off = await admin.patch(`/api/admin/doctors/${doctor.record.id}/activation`, { isActive: false });
    expect(off.body.isActive).toBe(false);
    expect((await doctorLogin(doctor.login, doctor.password)).status).toBe(403);
    expect((await admin.patch(`/api/admin/doctors/${doctor.record.id}/activation`, { isActive: true })).body.isActive).toBe(true);
    expect((await doctorLogin(doctor.login, doctor.password)).status).toBe(200);
    expect((await colleague.get('/api/auth/doctor/me')).status).toBe(200);
    expect(colleagueSocket.connected).toBe(true);
  });

  it('treats a session of a doctor made pending directly in the database as signed out', async () => {
    const doctor = await createDoctor();
    const client = await signedInClient(harness.server.url, doctor);
    await doctor.record.$query().patch({ isVerified: false });
    expect((await client.get('/api/auth/doctor/me')).status).toBe(401);
  });
});

describe('the patient in the call of a doctor the clinic withdraws', () => {
  it.each([
    { path: 'verification', body: { isVerified: false } },
    { path: 'activation', body: { isActive: false } },
    { path: 'profile', body: { isVerified: false } },
  ])('hears it at once ($path), and a later join says so too, until the doctor is back, which it hears too', async ({ path, body }) => {
    const parties = await createCallParties(harness.server.url);
    const consultationId = parties.consultation.id;
    const patient = await harness.socketFor(parties.patientHttp);
    const doctor = await harness.socketFor(parties.doctorHttp);
    const joined = await request(patient, 'consultation:join', { consultationId });
    expect(joined.ok && joined.data.doctorWithdrawn).toBe(false);
    expect((await request(doctor, 'consultation:join', { consultationId })).ok).toBe(true);

    const told = nextEvent(patient, 'consultation:doctorWithdrawn');
    const admin = await signedInClient(harness.server.url, await createAdmin());
    expect((await admin.patch(adminDoctorPath(parties.doctor.record.id, path), body)).status).toBe(200);
    expect(await told).toEqual({ consultationId });

    const again = await request(patient, 'consultation:join', { consultationId });
    expect(again.ok && again.data.doctorWithdrawn).toBe(true);
    const back = { verification: { isVerified: true }, activation: { isActive: true }, profile: { isVerified: true } }[path]!;
    const reinstated = nextEvent(patient, 'consultation:doctorReinstated');
    expect((await admin.patch(adminDoctorPath(parties.doctor.record.id, path), back)).status).toBe(200);
    expect(await reinstated).toEqual({ consultationId });
    const restored = await request(patient, 'consultation:join', { consultationId });
    expect(restored.ok && restored.data.doctorWithdrawn).toBe(false);
  });

  it("tells the patient's other screens too (their consultation cards), outside any call", async () => {
    const parties = await createCallParties(harness.server.url);
    const consultationId = parties.consultation.id;
    const telemedicinePage = await harness.socketFor(parties.patientHttp);
    const told = nextEvent(telemedicinePage, 'consultation:doctorWithdrawn');
    const admin = await signedInClient(harness.server.url, await createAdmin());
    expect((await admin.patch(adminDoctorPath(parties.doctor.record.id, 'activation'), { isActive: false })).status).toBe(200);
    expect(await told).toEqual({ consultationId });
    const reinstated = nextEvent(telemedicinePage, 'consultation:doctorReinstated');
    expect((await admin.patch(adminDoctorPath(parties.doctor.record.id, 'activation'), { isActive: true })).status).toBe(200);
    expect(await reinstated).toEqual({ consultationId });
  });

  it("tells nobody in another doctor's calls", async () => {
    const withdrawn = await createCallParties(harness.server.url);
    const other = await createCallParties(harness.server.url);
    const bystander = await harness.socketFor(other.patientHttp);
    expect((await request(bystander, 'consultation:join', { consultationId: other.consultation.id })).ok).toBe(true);
    const patient = await harness.socketFor(withdrawn.patientHttp);
    expect((await request(patient, 'consultation:join', { consultationId: withdrawn.consultation.id })).ok).toBe(true);
    const heard = recorder(bystander);
    const told = nextEvent(patient, 'consultation:doctorWithdrawn');
    const admin = await signedInClient(harness.server.url, await createAdmin());
    expect((await admin.patch(`/api/admin/doctors/${withdrawn.doctor.record.id}/verification`, { isVerified: false })).status).toBe(200);
    // Once the withdrawn doctor's own patient has heard, and the bystander has caught up with all it was sent:
    await told;
    await caughtUp(bystander);
    expect(heard.events.map((e) => e.event)).not.toContain('consultation:doctorWithdrawn');
  });
});
