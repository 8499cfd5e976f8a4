import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { createAdmin, createDoctor, signedInClient } from '../support/factories';
import { Consultation } from '../../db/models';
import { book, doctorParty, minutesFromNow, patientParty, plusMinutes, recordStatusEvents } from './consultations-fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /api/doctors', () => {
  it('lists verified, active doctors to anyone, without contact details or password hashes', async () => {
    const verified = await createDoctor({ name: 'Dr Listed Verified' });
    const pending = await createDoctor({ name: 'Dr Pending', isVerified: false });
    const deactivated = await createDoctor({ name: 'Dr Deactivated', isActive: false });
    const res = await new TestClient(server.url).get('/api/doctors');
    expect(res.status).toBe(200);
    const ids = res.body.map((d: { id: string }) => d.id);
    expect(ids).toContain(verified.record.id);
    expect(ids).not.toContain(pending.record.id);
    expect(ids).not.toContain(deactivated.record.id);
    const listed = res.body.find((d: { id: string }) => d.id === verified.record.id);
    expect(listed).toMatchObject({ name: 'Dr Listed Verified', specialty: 'General Practice', consultationFee: 5000, isAvailable: true });
    for (const secret of ['passwordHash', 'password', 'email', 'phone', 'licenseNumber']) expect(listed).not.toHaveProperty(secret);
    expect(JSON.stringify(res.body)).not.toMatch(/argon2/);
  });
});

describe('booking a consultation', () => {
  it('charges the doctor fee whatever the client sends, starts scheduled and gets its own meeting room', async () => {
    const { client } = await patientParty(server.url);
    const doctor = await createDoctor({ consultationFee: 7500, specialty: 'Cardiology', name: 'Dr Fee' });
    const res = await client.post('/api/consultations', {
      doctorId: doctor.record.id,
      appointmentDate: minutesFromNow(120),
      duration: 30,
      consultationType: 'audio',
      symptoms: 'Chest tightness',
      patientNotes: 'Worse in the morning',
      fee: 1,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      doctorId: doctor.record.id,
      doctorName: 'Dr Fee',
      doctorSpecialty: 'Cardiology',
      status: 'scheduled',
      consultationType: 'audio',
      fee: 7500,
      symptoms: 'Chest tightness',
      patientNotes: 'Worse in the morning',
      paymentStatus: 'pending',
    });
    expect(res.body.meetingRoomId).toMatch(/^mv-[0-9a-f]{32}$/);
    const second = await book(client, doctor.record.id, minutesFromNow(600));
    expect(second.meetingRoomId).not.toBe(res.body.meetingRoomId);
    expect((await Consultation.query().findById(res.body.id))?.fee).toBe(7500);
  });

  it('refuses a date in the past with a field message', async () => {
    const { client } = await patientParty(server.url);
    const doctor = await createDoctor();
    const res = await client.post('/api/consultations', { doctorId: doctor.record.id, appointmentDate: minutesFromNow(-60), symptoms: 'Headache' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ appointmentDate: 'Consultation date cannot be in the past' });
  });

  it('names every missing field at once', async () => {
    const { client } = await patientParty(server.url);
    const res = await client.post('/api/consultations', {});
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      doctorId: 'Please choose a doctor',
      appointmentDate: 'Please choose a date and time',
      symptoms: 'Please describe your symptoms',
    });
  });

  it.each([
    ['unknown', async () => randomUUID(), 'Please choose one of the available doctors'],
    ['unverified', async () => (await createDoctor({ isVerified: false })).record.id, 'Please choose one of the available doctors'],
    ['deactivated', async () => (await createDoctor({ isActive: false })).record.id, 'Please choose one of the available doctors'],
    ['unavailable', async () => (await createDoctor({ isAvailable: false })).record.id, 'This doctor is not taking consultations right now. Please choose another doctor.'],
  ])('refuses an %s doctor with 400 on doctorId', async (_kind, doctorId, message) => {
    const { client } = await patientParty(server.url);
    const res = await client.post('/api/consultations', { doctorId: await doctorId(), appointmentDate: minutesFromNow(90), symptoms: 'Rash' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ doctorId: message });
  });

  it('refuses a slot overlapping the doctor’s booking and accepts the next free one', async () => {
    const first = await patientParty(server.url);
    const second = await patientParty(server.url);
    const doctor = await createDoctor();
    const at = minutesFromNow(3 * 24 * 60);
    await book(first.client, doctor.record.id, at);

    const overlapping = await second.client.post('/api/consultations', { doctorId: doctor.record.id, appointmentDate: plusMinutes(at, 15), symptoms: 'Fever' });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.fields.appointmentDate).toMatch(/doctor already has a consultation at that time/);

    const before = await second.client.post('/api/consultations', { doctorId: doctor.record.id, appointmentDate: plusMinutes(at, -15), symptoms: 'Fever' });
    expect(before.status).toBe(409);

    const adjacent = await second.client.post('/api/consultations', { doctorId: doctor.record.id, appointmentDate: plusMinutes(at, 30), symptoms: 'Fever' });
    expect(adjacent.status).toBe(201);
  });

  it('lets a cancelled booking free its slot', async () => {
    const first = await patientParty(server.url);
    const second = await patientParty(server.url);
    const doctor = await createDoctor();
    const at = minutesFromNow(4 * 24 * 60);
    const booked = await book(first.client, doctor.record.id, at);
    expect((await first.client.post(`/api/consultations/${booked.id}/cancel`)).status).toBe(200);
    expect((await second.client.post('/api/consultations', { doctorId: doctor.record.id, appointmentDate: at, symptoms: 'Fever' })).status).toBe(201);
  });

  it('refuses a patient double-booking the same time with another doctor', async () => {
    const { client } = await patientParty(server.url);
    const [a, b] = [await createDoctor(), await createDoctor()];
    const at = minutesFromNow(5 * 24 * 60);
    await book(client, a.record.id, at);
    const res = await client.post('/api/consultations', { doctorId: b.record.id, appointmentDate: plusMinutes(at, 10), symptoms: 'Fever' });
    expect(res.status).toBe(409);
    expect(res.body.fields.appointmentDate).toBe('You already have a consultation at that time. Please choose another time.');
  });

  it('admits only one of two simultaneous bookings for the same slot', async () => {
    const [p1, p2] = [await patientParty(server.url), await patientParty(server.url)];
    const doctor = await createDoctor();
    const at = minutesFromNow(6 * 24 * 60);
    const body = { doctorId: doctor.record.id, appointmentDate: at, symptoms: 'Cough' };
    const results = await Promise.all([p1.client.post('/api/consultations', body), p2.client.post('/api/consultations', body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('is for patients only: anonymous 401, admin and doctor 404', async () => {
    const doctor = await createDoctor();
    const body = { doctorId: doctor.record.id, appointmentDate: minutesFromNow(60), symptoms: 'Cough' };
    expect((await new TestClient(server.url).post('/api/consultations', body)).status).toBe(401);
    const admin = await signedInClient(server.url, await createAdmin());
    expect((await admin.post('/api/consultations', body)).status).toBe(404);
    const asDoctor = await signedInClient(server.url, doctor);
    expect((await asDoctor.post('/api/consultations', body)).status).toBe(404);
  });
});

describe('a patient’s consultations', () => {
  it('lists only their own, with the doctor’s name and specialty', async () => {
    const mine = await patientParty(server.url);
    const theirs = await patientParty(server.url);
    const doctor = await createDoctor({ name: 'Dr Listing', specialty: 'Neurology' });
    const own = await book(mine.client, doctor.record.id, minutesFromNow(7 * 24 * 60));
    const other = await book(theirs.client, doctor.record.id, minutesFromNow(8 * 24 * 60));
    const res = await mine.client.get('/api/consultations');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ id: own.id, doctorName: 'Dr Listing', doctorSpecialty: 'Neurology' })]);
    expect(res.body.map((c: { id: string }) => c.id)).not.toContain(other.id);
  });

  it('reads one of their own, and 404 for anyone else’s', async () => {
    const mine = await patientParty(server.url);
    const theirs = await patientParty(server.url);
    const doctor = await createDoctor();
    const own = await book(mine.client, doctor.record.id, minutesFromNow(9 * 24 * 60));
    expect((await mine.client.get(`/api/consultations/${own.id}`)).body).toMatchObject({ id: own.id, status: 'scheduled' });
    expect((await theirs.client.get(`/api/consultations/${own.id}`)).status).toBe(404);
    expect((await theirs.client.get(`/api/consultations/${randomUUID()}`)).status).toBe(404);
    expect((await theirs.client.get('/api/consultations/not-a-uuid')).status).toBe(404);
  });
});

describe('cancelling', () => {
  it('moves scheduled to cancelled, announces it, and refuses a second cancel with 409', async () => {
    const { client, account } = await patientParty(server.url);
    const doctor = await createDoctor();
    const booked = await book(client, doctor.record.id, minutesFromNow(10 * 24 * 60));
    const withBody = await client.post(`/api/consultations/${booked.id}/cancel`, { status: 'completed' });
    expect(withBody.status).toBe(400);
    expect(withBody.body.fields).toEqual({ status: 'Unknown field: status' });
    const recorder = recordStatusEvents(server);
    const res = await client.post(`/api/consultations/${booked.id}/cancel`);
    recorder.stop();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: booked.id, status: 'cancelled' });
    expect(recorder.events).toContainEqual({ consultationId: booked.id, status: 'cancelled', patientId: account.record.id, doctorId: doctor.record.id });
    const again = await client.post(`/api/consultations/${booked.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/Cancelled and cannot be moved to Cancelled/);
  });

  it('refuses to cancel a consultation that has started', async () => {
    const { client } = await patientParty(server.url);
    const doctor = await doctorParty(server.url);
    const booked = await book(client, doctor.account.record.id, minutesFromNow(11 * 24 * 60));
    await doctor.client.put(`/api/doctor/consultation/${booked.id}/status`, { status: 'in_progress' });
    const res = await client.post(`/api/consultations/${booked.id}/cancel`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/In Progress and cannot be moved to Cancelled/);
  });

  it('answers 404 to another patient', async () => {
    const mine = await patientParty(server.url);
    const theirs = await patientParty(server.url);
    const booked = await book(mine.client, (await createDoctor()).record.id, minutesFromNow(12 * 24 * 60));
    expect((await theirs.client.post(`/api/consultations/${booked.id}/cancel`)).status).toBe(404);
    expect((await mine.client.get(`/api/consultations/${booked.id}`)).body.status).toBe('scheduled');
  });
});

describe('rescheduling', () => {
  it('moves a scheduled consultation to a free time', async () => {
    const { client } = await patientParty(server.url);
    const booked = await book(client, (await createDoctor()).record.id, minutesFromNow(13 * 24 * 60));
    const later = minutesFromNow(14 * 24 * 60);
    const res = await client.patch(`/api/consultations/${booked.id}`, { appointmentDate: later });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: booked.id, appointmentDate: later, status: 'scheduled' });
  });

  it('may move within its own slot (it does not collide with itself)', async () => {
    const { client } = await patientParty(server.url);
    const at = minutesFromNow(15 * 24 * 60);
    const booked = await book(client, (await createDoctor()).record.id, at);
    expect((await client.patch(`/api/consultations/${booked.id}`, { appointmentDate: plusMinutes(at, 10) })).status).toBe(200);
  });

  it('refuses the past, an overlap with the doctor’s other booking, and unknown fields', async () => {
    const mine = await patientParty(server.url);
    const theirs = await patientParty(server.url);
    const doctor = await createDoctor();
    const at = minutesFromNow(16 * 24 * 60);
    const booked = await book(mine.client, doctor.record.id, at);
    const taken = minutesFromNow(17 * 24 * 60);
    await book(theirs.client, doctor.record.id, taken);

    const past = await mine.client.patch(`/api/consultations/${booked.id}`, { appointmentDate: minutesFromNow(-30) });
    expect(past.status).toBe(400);
    expect(past.body.fields).toEqual({ appointmentDate: 'Consultation date cannot be in the past' });

    const clash = await mine.client.patch(`/api/consultations/${booked.id}`, { appointmentDate: plusMinutes(taken, 5) });
    expect(clash.status).toBe(409);

    const sneaky = await mine.client.patch(`/api/consultations/${booked.id}`, { appointmentDate: minutesFromNow(18 * 24 * 60), fee: 0, status: 'completed' });
    expect(sneaky.status).toBe(400);
    expect(sneaky.body.message).toMatch(/Unknown field/);
  });

  it('refuses a consultation that is no longer scheduled, and another patient’s', async () => {
    const mine = await patientParty(server.url);
    const theirs = await patientParty(server.url);
    const booked = await book(mine.client, (await createDoctor()).record.id, minutesFromNow(19 * 24 * 60));
    expect((await theirs.client.patch(`/api/consultations/${booked.id}`, { appointmentDate: minutesFromNow(20 * 24 * 60) })).status).toBe(404);
    await mine.client.post(`/api/consultations/${booked.id}/cancel`);
    const res = await mine.client.patch(`/api/consultations/${booked.id}`, { appointmentDate: minutesFromNow(20 * 24 * 60) });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only a scheduled consultation can be rescheduled; this one is Cancelled.');
  });

  it('refuses when the doctor has stopped taking consultations', async () => {
    const { client } = await patientParty(server.url);
    const doctor = await createDoctor();
    const booked = await book(client, doctor.record.id, minutesFromNow(21 * 24 * 60));
    await doctor.record.$query().patch({ isAvailable: false });
    const res = await client.patch(`/api/consultations/${booked.id}`, { appointmentDate: minutesFromNow(22 * 24 * 60) });
    expect(res.status).toBe(400);
    expect(res.body.fields.doctorId).toMatch(/not taking consultations/);
  });
});

describe('canJoin: whether a side may enter the call and chat now, by the join handler rule', () => {
  it('holds for an open consultation, not once its fee failed, nor once it is cancelled, on both sides', async () => {
    const patient = await patientParty(server.url);
    const doctor = await doctorParty(server.url);
    const booked = await book(patient.client, doctor.account.record.id);
    const canJoin = async () => ({
      patient: (await patient.client.get(`/api/consultations/${booked.id}`)).body.canJoin,
      doctor: (await doctor.client.get(`/api/doctor/consultation/${booked.id}`)).body.canJoin,
    });
    expect(await canJoin()).toEqual({ patient: true, doctor: true });
    await Consultation.query().findById(booked.id).patch({ paymentStatus: 'failed' });
    expect(await canJoin()).toEqual({ patient: false, doctor: false });
    await Consultation.query().findById(booked.id).patch({ paymentStatus: 'pending', status: 'cancelled' });
    expect(await canJoin()).toEqual({ patient: false, doctor: false });
  });
});
