import { DOCTOR_PENDING } from '../../server/services/doctor-standing';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { createAdmin, createDoctor, createPatient, signedInClient, unique } from '../support/factories';
import { Doctor } from '../../db/models';
import type { TestClient as Client } from '../support/client';
import { book, minutesFromNow, patientParty } from './consultations-fixtures';

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInClient(server.url, await createAdmin());
});
afterAll(() => server.close());

function newDoctor(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Dr Nadia Rahman',
    email: `${unique('nadia')}@clinic.test`,
    specialty: 'Oncology',
    licenseNumber: unique('MD-'),
    phone: '+1 555 0142',
    experience: 12,
    consultationFee: 9000,
    password: 'Initial-Pass-1',
    bio: 'Medical oncologist.',
    ...overrides,
  };
}

describe('admin roster access', () => {
  it('answers 403 to patients, doctors and visitors on every admin route', async () => {
    const patient = await signedInClient(server.url, await createPatient());
    const doctor = await createDoctor();
    const asDoctor = await signedInClient(server.url, doctor);
    const id = doctor.record.id;
    const calls = (c: Client) => [
      c.get('/api/admin/doctors'),
      c.post('/api/admin/doctors', newDoctor()),
      c.patch(`/api/admin/doctors/${id}`, { consultationFee: 1 }),
      c.patch(`/api/admin/doctors/${id}/verification`, { isVerified: false }),
    ];
    const everyone = [...calls(patient), ...calls(asDoctor), ...calls(new TestClient(server.url))];
    for (const res of await Promise.all(everyone)) expect(res.status).toBe(403);
    const unchanged = await Doctor.query().findById(id);
    expect(unchanged).toMatchObject({ consultationFee: 5000, isVerified: true });
  });

  it('does not open patient records or consultations to an admin', async () => {
    const { client, account } = await patientParty(server.url);
    const doctor = await createDoctor();
    const booked = await book(client, doctor.record.id, minutesFromNow(30 * 24 * 60));
    expect((await admin.get('/api/consultations')).status).toBe(404);
    expect((await admin.get(`/api/consultations/${booked.id}`)).status).toBe(404);
    expect((await admin.get(`/api/doctor/consultation/${booked.id}`)).status).toBe(404);
    expect((await admin.get(`/api/doctor/patient/${account.record.id}/records`)).status).toBe(404);
  });
});

describe('adding a doctor', () => {
  it('creates a pending doctor with the spec defaults, an argon2id password and no hash in the answer', async () => {
    const body = newDoctor({ email: `${unique('Mixed')}@Clinic.test` });
    const res = await admin.post('/api/admin/doctors', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Dr Nadia Rahman',
      email: body.email.toLowerCase(),
      specialty: 'Oncology',
      consultationFee: 9000,
      availability: {},
      education: '',
      rating: '4.5',
      totalConsultations: 0,
      isAvailable: true,
      isVerified: false,
    });
    expect(res.body).not.toHaveProperty('password');
    expect(res.body).not.toHaveProperty('passwordHash');
    const stored = await Doctor.query().findById(res.body.id);
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);

    // Pending doctors cannot sign in (issue 17); once verified, the initial password works.
    const signIn = () => new TestClient(server.url).post('/api/auth/doctor/login', { email: body.email, password: 'Initial-Pass-1' });
    const pending = await signIn();
    expect([pending.status, pending.body.message]).toEqual([403, DOCTOR_PENDING]);
    expect((await admin.patch(`/api/admin/doctors/${res.body.id}/verification`, { isVerified: true })).status).toBe(200);
    expect((await signIn()).status).toBe(200);
  });

  it('refuses a duplicate email, whatever its case, with a 409 on the email field', async () => {
    const body = newDoctor();
    expect((await admin.post('/api/admin/doctors', body)).status).toBe(201);
    const res = await admin.post('/api/admin/doctors', newDoctor({ email: body.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body.fields).toEqual({ email: 'A doctor with this email already exists' });
  });

  it('refuses a common breached password, whatever its case, creating no doctor', async () => {
    const body = newDoctor({ password: 'Welcome123' });
    const res = await admin.post('/api/admin/doctors', body);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ password: 'This password is too common. Choose one that is harder to guess.' });
    expect(await Doctor.query().where({ email: body.email }).first()).toBeUndefined();
  });

  it("refuses a patient's email for a new doctor and when editing one", async () => {
    const patient = await createPatient();
    const message = 'This email belongs to a patient account: use another address for the doctor';
    const created = await admin.post('/api/admin/doctors', newDoctor({ email: patient.record.email.toUpperCase() }));
    expect(created.status).toBe(409);
    expect(created.body.fields).toEqual({ email: message });
    const doctor = await createDoctor();
    const edited = await admin.patch(`/api/admin/doctors/${doctor.record.id}`, { email: patient.record.email });
    expect(edited.status).toBe(409);
    expect(edited.body.fields).toEqual({ email: message });
  });

  it('names each invalid field', async () => {
    const res = await admin.post('/api/admin/doctors', { name: '', email: 'nope', specialty: 'Astrology', experience: -1, consultationFee: 12.5 });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      email: 'Please enter a valid email address',
      specialty: 'Please choose a specialty',
      licenseNumber: expect.any(String),
      phone: expect.any(String),
      experience: 'Experience cannot be negative',
      consultationFee: 'Consultation fee must be a whole number',
      password: 'Initial password is required',
    });
  });
});

describe('editing and verifying a doctor', () => {
  it('updates the fee and verification, after which patients see the doctor with the new fee', async () => {
    const created = (await admin.post('/api/admin/doctors', newDoctor({ name: `Dr ${unique('Roster')}` }))).body;
    const publicList = () => new TestClient(server.url).get('/api/doctors');
    expect((await publicList()).body.map((d: { id: string }) => d.id)).not.toContain(created.id);

    const verified = await admin.patch(`/api/admin/doctors/${created.id}/verification`, { isVerified: true });
    expect(verified.status).toBe(200);
    expect(verified.body.isVerified).toBe(true);

    const edited = await admin.patch(`/api/admin/doctors/${created.id}`, { consultationFee: 12000, bio: 'Now seeing patients online.' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ consultationFee: 12000, bio: 'Now seeing patients online.', isVerified: true });

    const listed = (await publicList()).body.find((d: { id: string }) => d.id === created.id);
    expect(listed).toMatchObject({ consultationFee: 12000 });

    const unverified = await admin.patch(`/api/admin/doctors/${created.id}/verification`, { isVerified: false });
    expect(unverified.body.isVerified).toBe(false);
    expect((await publicList()).body.map((d: { id: string }) => d.id)).not.toContain(created.id);
  });

  it('lists every doctor, pending ones included, without password hashes', async () => {
    const pending = await createDoctor({ isVerified: false });
    const res = await admin.get('/api/admin/doctors');
    expect(res.status).toBe(200);
    expect(res.body.map((d: { id: string }) => d.id)).toContain(pending.record.id);
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|argon2/);
  });

  it('refuses a password change, unknown fields and a taken email on edit', async () => {
    const a = (await admin.post('/api/admin/doctors', newDoctor())).body;
    const b = (await admin.post('/api/admin/doctors', newDoctor())).body;
    const withPassword = await admin.patch(`/api/admin/doctors/${a.id}`, { password: 'Another-Pass-2' });
    expect(withPassword.status).toBe(400);
    expect(withPassword.body.message).toMatch(/Unknown field: password/);
    const taken = await admin.patch(`/api/admin/doctors/${a.id}`, { email: b.email });
    expect(taken.status).toBe(409);
    expect(taken.body.fields).toHaveProperty('email');
  });

  it('refuses blank values on edit instead of answering 200 and keeping the old ones', async () => {
    const doctor = (await admin.post('/api/admin/doctors', newDoctor())).body;
    const blank = await admin.patch(`/api/admin/doctors/${doctor.id}`, { name: ' ', phone: '', experience: '', consultationFee: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toEqual({
      name: 'Name is required',
      phone: 'Phone is required',
      experience: 'Experience must be a number',
      consultationFee: 'Consultation fee must be a number',
    });
    const stored = (await admin.get('/api/admin/doctors')).body.find((d: { id: string }) => d.id === doctor.id);
    expect(stored).toMatchObject({ name: doctor.name, phone: doctor.phone, experience: doctor.experience, consultationFee: doctor.consultationFee });
  });

  it('answers 404 for an unknown doctor and 400 for a verification without a flag', async () => {
    expect((await admin.patch(`/api/admin/doctors/${randomUUID()}`, { consultationFee: 1 })).status).toBe(404);
    expect((await admin.patch(`/api/admin/doctors/${randomUUID()}/verification`, { isVerified: true })).status).toBe(404);
    const doctor = await createDoctor();
    const res = await admin.patch(`/api/admin/doctors/${doctor.record.id}/verification`, {});
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ isVerified: 'Verification status is required' });
  });
});
