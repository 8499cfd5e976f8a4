import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '../support/app';
import { createAdmin, createPatient, signedInClient } from '../support/factories';
import { TestClient } from '../support/client';
import { AuditEvent, Appointment, Doctor, MedicalReport, Medication, User as UserModel } from '../../db/models';
import { book, doctorParty, minutesFromNow, patientParty, recordStatusEvents, type Party } from './consultations-fixtures';
import type { Doctor as DoctorModel, User } from '../../db/models';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Booking {
  patient: Party<User>;
  doctor: Party<DoctorModel>;
  consultationId: string;
}

let dayOffset = 0;
/** A fresh patient (with contact details) booked with a fresh doctor, each on its own day. */
async function booking(): Promise<Booking> {
  const patient = await patientParty(server.url, {
    phone: '+1 555 0111',
    emergencyContact: { name: 'Robin Kin', relationship: 'sibling', phone: '+1 555 0199' },
  });
  const doctor = await doctorParty(server.url);
  dayOffset += 1;
  const consultation = await book(patient.client, doctor.account.record.id, minutesFromNow(dayOffset * 24 * 60 + 60));
  return { patient, doctor, consultationId: consultation.id };
}

function setStatus(b: Booking, body: Record<string, unknown>) {
  return b.doctor.client.put(`/api/doctor/consultation/${b.consultationId}/status`, body);
}

describe('the doctor’s consultations', () => {
  it('lists only the doctor’s own, each with its patient, and records the access for each patient shown', async () => {
    const mine = await booking();
    const other = await booking();
    const res = await mine.doctor.client.get('/api/doctor/consultations');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        id: mine.consultationId,
        status: 'scheduled',
        duration: 30,
        appointmentDate: expect.any(String),
        patient: expect.objectContaining({ id: mine.patient.account.record.id, firstName: 'Pat', lastName: 'Ient' }),
      }),
    ]);
    expect(res.body.map((c: { id: string }) => c.id)).not.toContain(other.consultationId);
    const shown = await AuditEvent.query().where({ action: 'doctor.list_consultations', actorId: mine.doctor.account.record.id });
    expect(shown.map((row) => row.patientId)).toEqual([mine.patient.account.record.id]);
  });

  it('shows one consultation with the patient’s contact details and records the access for the patient', async () => {
    const b = await booking();
    const res = await b.doctor.client.get(`/api/doctor/consultation/${b.consultationId}`);
    expect(res.status).toBe(200);
    expect(res.body.patient).toEqual({
      id: b.patient.account.record.id,
      firstName: 'Pat',
      lastName: 'Ient',
      email: b.patient.account.record.email,
      phone: '+1 555 0111',
      emergencyContact: { name: 'Robin Kin', relationship: 'sibling', phone: '+1 555 0199' },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|argon2|username/);
    const audit = await AuditEvent.query().where({ patientId: b.patient.account.record.id, action: 'doctor.view_consultation' });
    expect(audit).toEqual([expect.objectContaining({ actorKind: 'doctor', actorId: b.doctor.account.record.id, resourceId: b.consultationId, outcome: 'success' })]);
  });

  it('answers 404 to another doctor, for reading and for changing it', async () => {
    const b = await booking();
    const intruder = await doctorParty(server.url);
    expect((await intruder.client.get(`/api/doctor/consultation/${b.consultationId}`)).status).toBe(404);
    expect((await intruder.client.put(`/api/doctor/consultation/${b.consultationId}/status`, { status: 'in_progress' })).status).toBe(404);
    expect((await intruder.client.put(`/api/doctor/consultation/${b.consultationId}/status`, { status: 'cancelled' })).status).toBe(404);
    expect((await b.patient.client.get(`/api/consultations/${b.consultationId}`)).body.status).toBe('scheduled');
  });

  it('is closed to patients and admins (404) and to visitors (401)', async () => {
    const b = await booking();
    const admin = await signedInClient(server.url, await createAdmin());
    for (const client of [b.patient.client, admin]) {
      expect((await client.get('/api/doctor/consultations')).status).toBe(404);
      expect((await client.get(`/api/doctor/consultation/${b.consultationId}`)).status).toBe(404);
      expect((await client.put(`/api/doctor/consultation/${b.consultationId}/status`, { status: 'in_progress' })).status).toBe(404);
      expect((await client.get(`/api/doctor/patient/${b.patient.account.record.id}/records`)).status).toBe(404);
    }
    const visitor = new TestClient(server.url);
    expect((await visitor.get('/api/doctor/consultations')).status).toBe(401);
    expect((await visitor.put(`/api/doctor/consultation/${b.consultationId}/status`, { status: 'in_progress' })).status).toBe(401);
  });
});

describe('a patient’s records for their doctor', () => {
  it('gives the treating doctor reports, medications and appointments, and records the access', async () => {
    const b = await booking();
    const userId = b.patient.account.record.id;
    await UserModel.query().findById(userId).patch({ timeZone: 'Asia/Tokyo' });
    await MedicalReport.query().insert({ userId, title: 'Lipid panel', type: 'blood_work', reportDate: new Date() });
    await Medication.query().insert({ userId, name: 'Atorvastatin', dosage: '20mg', frequency: 'once_daily', reminderTimes: ['08:00'], startDate: new Date() });
    await Appointment.query().insert({ userId, doctorName: 'Lee', specialty: 'Cardiology', facility: 'City Clinic', appointmentDate: new Date() });

    const res = await b.doctor.client.get(`/api/doctor/patient/${userId}/records`);
    expect(res.status).toBe(200);
    expect(res.body.reports).toEqual([expect.objectContaining({ title: 'Lipid panel', type: 'blood_work' })]);
    expect(res.body.medications).toEqual([expect.objectContaining({ name: 'Atorvastatin', dosage: '20mg' })]);
    expect(res.body.appointments).toEqual([expect.objectContaining({ facility: 'City Clinic' })]);
    // The patient's zone, in which their report and medication dates are days, for a doctor reading them from another.
    expect(res.body.timeZone).toBe('Asia/Tokyo');
    const audit = await AuditEvent.query().where({ patientId: userId, action: 'doctor.view_records' });
    expect(audit).toEqual([expect.objectContaining({ actorKind: 'doctor', actorId: b.doctor.account.record.id })]);
  });

  it('answers 404 for a patient without a consultation with this doctor, or an unknown one', async () => {
    const b = await booking();
    const stranger = await createPatient();
    expect((await b.doctor.client.get(`/api/doctor/patient/${stranger.record.id}/records`)).status).toBe(404);
    expect((await b.doctor.client.get(`/api/doctor/patient/${randomUUID()}/records`)).status).toBe(404);
    const other = await doctorParty(server.url);
    expect((await other.client.get(`/api/doctor/patient/${b.patient.account.record.id}/records`)).status).toBe(404);
  });

  it('closes once the only consultation was cancelled', async () => {
    const b = await booking();
    await b.patient.client.post(`/api/consultations/${b.consultationId}/cancel`);
    expect((await b.doctor.client.get(`/api/doctor/patient/${b.patient.account.record.id}/records`)).status).toBe(404);
  });
});

describe('the consultation state machine', () => {
  it('starts, then completes with the outcome, counting it on the doctor and announcing each change', async () => {
    const b = await booking();
    const recorder = recordStatusEvents(server);
    const started = await setStatus(b, { status: 'in_progress' });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ id: b.consultationId, status: 'in_progress' });

    const completed = await setStatus(b, {
      status: 'completed',
      diagnosis: 'Viral bronchitis',
      prescription: 'Rest and fluids',
      consultationNotes: 'Review in a week if no better',
    });
    recorder.stop();
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({
      status: 'completed',
      diagnosis: 'Viral bronchitis',
      prescription: { instructions: 'Rest and fluids' },
      consultationNotes: 'Review in a week if no better',
    });
    const ids = { consultationId: b.consultationId, patientId: b.patient.account.record.id, doctorId: b.doctor.account.record.id };
    expect(recorder.events.filter((e) => e.consultationId === b.consultationId)).toEqual([
      { ...ids, status: 'in_progress' },
      { ...ids, status: 'completed' },
    ]);
    expect((await Doctor.query().findById(b.doctor.account.record.id))?.totalConsultations).toBe(1);

    const seen = await b.patient.client.get(`/api/consultations/${b.consultationId}`);
    expect(seen.body).toMatchObject({ status: 'completed', diagnosis: 'Viral bronchitis' });
  });

  it('lets the doctor cancel a scheduled consultation', async () => {
    const b = await booking();
    const recorder = recordStatusEvents(server);
    const res = await setStatus(b, { status: 'cancelled' });
    recorder.stop();
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
    expect(recorder.events).toContainEqual(expect.objectContaining({ consultationId: b.consultationId, status: 'cancelled' }));
  });

  const illegal: Array<[string, string, string[], RegExp]> = [
    ['scheduled', 'completed', [], /Scheduled and cannot be moved to Completed. From Scheduled it can only move to In Progress or Cancelled/],
    ['in_progress', 'in_progress', ['in_progress'], /In Progress and cannot be moved to In Progress/],
    ['in_progress', 'cancelled', ['in_progress'], /In Progress and cannot be moved to Cancelled. From In Progress it can only move to Completed/],
    ['completed', 'in_progress', ['in_progress', 'completed'], /Completed and cannot be moved to In Progress. A completed consultation cannot change any more/],
    ['completed', 'completed', ['in_progress', 'completed'], /Completed and cannot be moved to Completed/],
    ['completed', 'cancelled', ['in_progress', 'completed'], /Completed and cannot be moved to Cancelled/],
    ['cancelled', 'in_progress', ['cancelled'], /Cancelled and cannot be moved to In Progress/],
    ['cancelled', 'completed', ['cancelled'], /Cancelled and cannot be moved to Completed/],
    ['cancelled', 'cancelled', ['cancelled'], /Cancelled and cannot be moved to Cancelled/],
  ];

  it.each(illegal)('refuses %s -> %s with 409 and changes nothing', async (from, to, path, message) => {
    const b = await booking();
    for (const step of path) expect((await setStatus(b, { status: step })).status).toBe(200);
    const recorder = recordStatusEvents(server);
    const res = await setStatus(b, { status: to });
    recorder.stop();
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(message);
    expect(recorder.events.filter((e) => e.consultationId === b.consultationId)).toEqual([]);
    expect((await b.patient.client.get(`/api/consultations/${b.consultationId}`)).body.status).toBe(from);
  });

  it('refuses outcome fields unless completing, and statuses outside the list', async () => {
    const b = await booking();
    const early = await setStatus(b, { status: 'in_progress', diagnosis: 'Too soon' });
    expect(early.status).toBe(400);
    expect(early.body.fields).toHaveProperty('diagnosis');
    const backwards = await setStatus(b, { status: 'scheduled' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields.status).toBe('Status must be one of in_progress, completed, cancelled');
    expect((await b.patient.client.get(`/api/consultations/${b.consultationId}`)).body.status).toBe('scheduled');
  });

  it('does not let a patient start their own consultation', async () => {
    const b = await booking();
    expect((await b.patient.client.put(`/api/doctor/consultation/${b.consultationId}/status`, { status: 'in_progress' })).status).toBe(404);
  });
});
