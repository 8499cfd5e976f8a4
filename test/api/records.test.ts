import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { createAdmin, createDoctor, signedInClient } from '../support/factories';
import { patientParty, type Party } from './consultations-fixtures';
import { appointmentBody, daysFromNow, insertAppointment, insertMedication, insertNotification, insertReport } from './records-fixtures';
import { AuditEvent, MedicalReport, Medication, Notification, Appointment, type User } from '../../db/models';

let server: TestServer;
let alex: Party<User>;
let jordan: Party<User>;

beforeAll(async () => {
  server = await startTestServer();
  [alex, jordan] = await Promise.all([patientParty(server.url), patientParty(server.url)]);
});
afterAll(() => server.close());

const alexId = () => alex.account.record.id;
const jordanId = () => jordan.account.record.id;

async function auditActions(patientId: string, resourceId?: string): Promise<string[]> {
  const query = AuditEvent.query().where({ patientId, outcome: 'success' }).orderBy('createdAt');
  if (resourceId) query.where({ resourceId });
  return (await query).map((e) => e.action);
}

describe('medical reports', () => {
  it('lists only the patient’s own reports, newest first, with every spec field', async () => {
    const older = await insertReport(alexId(), { title: 'Older', reportDate: daysFromNow(-40) });
    const newer = await insertReport(alexId(), { title: 'Newer', reportDate: daysFromNow(-2), status: 'urgent', isOfflineAvailable: true });
    await insertReport(jordanId(), { title: 'Jordan only' });

    const res = await alex.client.get('/api/medical-reports');
    expect(res.status).toBe(200);
    const titles = res.body.map((r: { title: string }) => r.title);
    expect(titles.indexOf('Newer')).toBeLessThan(titles.indexOf('Older'));
    expect(titles).not.toContain('Jordan only');
    expect(res.body.find((r: { id: string }) => r.id === newer.id)).toEqual({
      id: newer.id,
      version: 1,
      userId: alexId(),
      title: 'Newer',
      type: 'blood_work',
      status: 'urgent',
      reportDate: new Date(newer.reportDate).toISOString(),
      doctorName: 'Dr. Sarah Chen',
      facility: 'Riverside Medical Laboratory',
      documentUrl: null,
      summary: 'All values within reference ranges.',
      results: { hemoglobin: { value: 14.1, unit: 'g/dL', referenceRange: '13.5-17.5' } },
      isOfflineAvailable: true,
      createdAt: expect.any(String),
      abilities: { canOpen: true, canDownload: false },
    });
    expect(res.body.some((r: { id: string }) => r.id === older.id)).toBe(true);
    expect(await auditActions(alexId())).toContain('report.list');
  });

  it('reads one report and audits the read against the patient', async () => {
    const report = await insertReport(alexId(), { title: 'Chest X-Ray', type: 'x_ray' });
    const res = await alex.client.get(`/api/medical-reports/${report.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: report.id, title: 'Chest X-Ray', type: 'x_ray' });
    expect(await auditActions(alexId(), report.id)).toEqual(['report.read']);
  });

  it('answers results stored as a JSON string as an object', async () => {
    const report = await insertReport(alexId(), { results: JSON.stringify({ findings: 'Clear', impressions: ['Normal'] }) });
    const res = await alex.client.get(`/api/medical-reports/${report.id}`);
    expect(res.body.results).toEqual({ findings: 'Clear', impressions: ['Normal'] });
  });

  it('updates the fields a patient may correct', async () => {
    const report = await insertReport(alexId());
    const res = await alex.client.patch(`/api/medical-reports/${report.id}`, { title: 'CBC (corrected)', status: 'review', isOfflineAvailable: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'CBC (corrected)', status: 'review', isOfflineAvailable: true, summary: 'All values within reference ranges.' });
    expect((await MedicalReport.query().findById(report.id))!.title).toBe('CBC (corrected)');
    expect(await auditActions(alexId(), report.id)).toEqual(['report.update']);
  });

  it('refuses bad updates with field messages, including the document link', async () => {
    const report = await insertReport(alexId());
    const res = await alex.client.patch(`/api/medical-reports/${report.id}`, { status: 'fine', title: '', documentUrl: 'javascript:alert(1)' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      status: 'Status must be one of urgent, review, normal, active',
      title: 'Title is required',
      documentUrl: 'Unknown field: documentUrl',
    });
    expect((await MedicalReport.query().findById(report.id))!.status).toBe('normal');
  });

  it('deletes a report', async () => {
    const report = await insertReport(alexId());
    expect((await alex.client.delete(`/api/medical-reports/${report.id}`)).status).toBe(204);
    expect((await alex.client.get(`/api/medical-reports/${report.id}`)).status).toBe(404);
    expect(await MedicalReport.query().findById(report.id)).toBeUndefined();
  });

  it('treats another patient’s report as missing and leaves it unchanged', async () => {
    const theirs = await insertReport(jordanId(), { title: 'Lipid Panel' });
    for (const res of [
      await alex.client.get(`/api/medical-reports/${theirs.id}`),
      await alex.client.patch(`/api/medical-reports/${theirs.id}`, { title: 'Hijacked' }),
      await alex.client.delete(`/api/medical-reports/${theirs.id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found' });
    }
    expect(await MedicalReport.query().findById(theirs.id)).toMatchObject({ title: 'Lipid Panel' });
  });

  it('answers unknown and malformed ids with 404', async () => {
    expect((await alex.client.get(`/api/medical-reports/${randomUUID()}`)).status).toBe(404);
    expect((await alex.client.get('/api/medical-reports/not-a-uuid')).status).toBe(404);
  });
});

describe('who may call the records API', () => {
  const paths = ['/api/medical-reports', '/api/medications', '/api/notifications', '/api/appointments', '/api/dashboard-summary'];

  it('asks visitors to sign in', async () => {
    const visitor = new TestClient(server.url);
    for (const path of paths) expect((await visitor.get(path)).status).toBe(401);
  });

  it('hides patient records from doctors and admins', async () => {
    const doctor = await signedInClient(server.url, await createDoctor());
    const admin = await signedInClient(server.url, await createAdmin());
    for (const path of paths) {
      expect((await doctor.get(path)).status).toBe(404);
      expect((await admin.get(path)).status).toBe(404);
    }
  });

  it('answers malformed JSON with 400', async () => {
    const res = await alex.client.request('POST', '/api/medications', '{"name":', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
  });
});

describe('medications', () => {
  it('answers { medications } with only the patient’s own', async () => {
    const mine = await insertMedication(alexId(), { name: 'Metformin', reminderTimes: ['08:00', '20:00'], frequency: 'twice_daily' });
    await insertMedication(jordanId(), { name: 'Atorvastatin' });
    const res = await alex.client.get('/api/medications');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['medications']);
    const names = res.body.medications.map((m: { name: string }) => m.name);
    expect(names).toContain('Metformin');
    expect(names).not.toContain('Atorvastatin');
    expect(res.body.medications.find((m: { id: string }) => m.id === mine.id)).toMatchObject({
      frequency: 'twice_daily',
      reminderTimes: ['08:00', '20:00'],
      isActive: true,
      endDate: null,
      prescribedBy: null,
    });
  });

  it('adds a medication with the spec defaults', async () => {
    const before = Date.now();
    const res = await alex.client.post('/api/medications', { name: 'Vitamin D3', dosage: '1000 IU', frequency: 'weekly' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Vitamin D3', dosage: '1000 IU', frequency: 'weekly', reminderTimes: ['08:00'], isActive: true, userId: alexId() });
    expect(Date.parse(res.body.startDate)).toBeGreaterThanOrEqual(before - 1000);
    expect(await auditActions(alexId(), res.body.id)).toEqual(['medication.create']);
  });

  it('refuses incomplete or inconsistent medications with the field messages', async () => {
    const res = await alex.client.post('/api/medications', { name: '', frequency: 'hourly', reminderTimes: ['8am'] });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      name: 'Medication name is required',
      dosage: 'Dosage is required',
      frequency: 'Please choose a valid frequency',
      'reminderTimes[0]': 'Reminder times must be in HH:MM format',
    });
    const dates = await alex.client.post('/api/medications', {
      name: 'Ibuprofen',
      dosage: '400mg',
      frequency: 'as_needed',
      startDate: daysFromNow(0).toISOString(),
      endDate: daysFromNow(-3).toISOString(),
    });
    expect(dates.status).toBe(400);
    expect(dates.body.fields).toEqual({ endDate: 'End date must be after the start date' });
  });

  it('edits a medication, clears its end date and deactivates it', async () => {
    const medication = await insertMedication(alexId(), { endDate: daysFromNow(30) });
    const res = await alex.client.patch(`/api/medications/${medication.id}`, { dosage: '20mg', endDate: null, isActive: false, reminderTimes: ['21:00'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Lisinopril', dosage: '20mg', endDate: null, isActive: false, reminderTimes: ['21:00'] });
  });

  it('checks a new end date against the stored start date', async () => {
    const medication = await insertMedication(alexId(), { startDate: daysFromNow(-5) });
    const res = await alex.client.patch(`/api/medications/${medication.id}`, { endDate: daysFromNow(-10).toISOString() });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ endDate: 'End date must be after the start date' });
  });

  it('deletes a medication', async () => {
    const medication = await insertMedication(alexId());
    expect((await alex.client.delete(`/api/medications/${medication.id}`)).status).toBe(204);
    expect(await Medication.query().findById(medication.id)).toBeUndefined();
  });

  it('treats another patient’s medication as missing and leaves it unchanged', async () => {
    const theirs = await insertMedication(jordanId(), { name: 'Atorvastatin', dosage: '20mg' });
    expect((await alex.client.patch(`/api/medications/${theirs.id}`, { dosage: '80mg' })).status).toBe(404);
    expect((await alex.client.delete(`/api/medications/${theirs.id}`)).status).toBe(404);
    expect(await Medication.query().findById(theirs.id)).toMatchObject({ dosage: '20mg' });
  });
});

describe('notifications', () => {
  it('lists the patient’s notifications newest first and marks one read', async () => {
    const party = await patientParty(server.url);
    const me = party.account.record.id;
    const old = await insertNotification(me, { title: 'Welcome', createdAt: daysFromNow(-5) as unknown as Date });
    const recent = await insertNotification(me, { title: 'Upcoming appointment' });
    await insertNotification(jordanId(), { title: 'Not yours' });

    const list = await party.client.get('/api/notifications');
    expect(list.status).toBe(200);
    expect(list.body.map((n: { title: string }) => n.title)).toEqual(['Upcoming appointment', 'Welcome']);
    expect(list.body[0]).toEqual({
      id: recent.id,
      userId: me,
      title: 'Upcoming appointment',
      message: 'Time to take Lisinopril 10mg.',
      type: 'medication_reminder',
      isRead: false,
      scheduledFor: null,
      createdAt: expect.any(String),
    });

    const read = await party.client.patch(`/api/notifications/${old.id}/read`, {});
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: old.id, isRead: true });
    expect((await Notification.query().findById(recent.id))!.isRead).toBe(false);
  });

  it('marks all of the patient’s notifications read, and no one else’s', async () => {
    const party = await patientParty(server.url);
    await insertNotification(party.account.record.id);
    await insertNotification(party.account.record.id);
    const theirs = await insertNotification(jordanId());
    const res = await party.client.patch('/api/notifications/read-all', {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 2 });
    expect((await party.client.get('/api/notifications')).body.every((n: { isRead: boolean }) => n.isRead)).toBe(true);
    expect((await Notification.query().findById(theirs.id))!.isRead).toBe(false);
  });

  it('treats another patient’s notification as missing and leaves it unread', async () => {
    const theirs = await insertNotification(jordanId());
    expect((await alex.client.patch(`/api/notifications/${theirs.id}/read`, {})).status).toBe(404);
    expect((await Notification.query().findById(theirs.id))!.isRead).toBe(false);
  });
});

const booking = (overrides: Record<string, unknown> = {}) =>
  appointmentBody({ facilityAddress: '48 Elm Street', appointmentTime: '14:00', reason: 'Annual skin check', cost: 11000, insuranceCovered: true, ...overrides });

describe('appointments', () => {
  it('books an appointment with a confirmation code, cents and the reminder off', async () => {
    const res = await alex.client.post('/api/appointments', booking());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      userId: alexId(),
      doctorName: 'Dr. Priya Raman',
      specialty: 'Dermatology',
      status: 'scheduled',
      duration: 30,
      cost: 11000,
      insuranceCovered: true,
      reminderSent: false,
      reminderEnabled: false,
      notes: null,
      confirmationCode: expect.stringMatching(/^MV-[A-HJ-NP-Z2-9]{6}$/),
    });
    expect(await auditActions(alexId(), res.body.id)).toEqual(['appointment.create']);
  });

  it('combines a bare date with appointmentTime', async () => {
    const day = daysFromNow(5);
    const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    const res = await alex.client.post('/api/appointments', booking({ appointmentDate: date, appointmentTime: '09:45' }));
    expect(res.status).toBe(201);
    const stored = new Date(res.body.appointmentDate);
    expect([stored.getHours(), stored.getMinutes()]).toEqual([9, 45]);
  });

  it('refuses past dates, missing fields and unknown specialties with field messages', async () => {
    const past = await alex.client.post('/api/appointments', booking({ appointmentDate: daysFromNow(-1).toISOString() }));
    expect(past.status).toBe(400);
    expect(past.body.fields).toEqual({ appointmentDate: 'Appointment date cannot be in the past' });

    const missing = await alex.client.post('/api/appointments', { appointmentDate: daysFromNow(2).toISOString(), specialty: 'Astrology', cost: 12.5 });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({
      doctorName: 'Doctor name is required',
      specialty: 'Please choose a specialty',
      facility: 'Facility is required',
      cost: 'Cost must be a whole number of cents',
    });
  });

  it('lists only the patient’s appointments, soonest first, cancelled ones kept', async () => {
    const party = await patientParty(server.url);
    const me = party.account.record.id;
    const later = await insertAppointment(me, { appointmentDate: daysFromNow(9) });
    const sooner = await insertAppointment(me, { appointmentDate: daysFromNow(2), status: 'confirmed', reminderSent: true });
    const cancelled = await insertAppointment(me, { appointmentDate: daysFromNow(4), status: 'cancelled' });
    await insertAppointment(jordanId());
    const res = await party.client.get('/api/appointments');
    expect(res.body.map((a: { id: string }) => a.id)).toEqual([sooner.id, cancelled.id, later.id]);
    expect(res.body[0]).toMatchObject({ status: 'confirmed', reminderSent: true, reminderEnabled: true });
  });

  it('reschedules to a new future time and asks for confirmation again', async () => {
    const appointment = await insertAppointment(alexId(), { status: 'confirmed' });
    const when = daysFromNow(12).toISOString();
    const res = await alex.client.patch(`/api/appointments/${appointment.id}`, { appointmentDate: when });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ appointmentDate: when, status: 'scheduled' });

    const past = await alex.client.patch(`/api/appointments/${appointment.id}`, { appointmentDate: daysFromNow(-2).toISOString() });
    expect(past.status).toBe(400);
    expect(past.body.fields).toEqual({ appointmentDate: 'Appointment date cannot be in the past' });
  });

  it('does not reschedule a cancelled appointment', async () => {
    const appointment = await insertAppointment(alexId(), { status: 'cancelled' });
    const res = await alex.client.patch(`/api/appointments/${appointment.id}`, { appointmentDate: daysFromNow(3).toISOString() });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/cancelled appointment cannot be rescheduled/);
  });

  it('turns the reminder on and off', async () => {
    const appointment = await insertAppointment(alexId());
    const on = await alex.client.patch(`/api/appointments/${appointment.id}/reminder`, { reminderEnabled: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ reminderEnabled: true, reminderSent: true });
    const off = await alex.client.patch(`/api/appointments/${appointment.id}/reminder`, { reminderEnabled: false });
    expect(off.body.reminderEnabled).toBe(false);
    const bad = await alex.client.patch(`/api/appointments/${appointment.id}/reminder`, {});
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ reminderEnabled: 'Reminder setting is required' });
  });

  it('cancels with DELETE and keeps the row as cancelled', async () => {
    const appointment = await insertAppointment(alexId());
    expect((await alex.client.delete(`/api/appointments/${appointment.id}`)).status).toBe(204);
    expect((await Appointment.query().findById(appointment.id))!.status).toBe('cancelled');
    const listed = (await alex.client.get('/api/appointments')).body.find((a: { id: string }) => a.id === appointment.id);
    expect(listed.status).toBe('cancelled');
    expect(await auditActions(alexId(), appointment.id)).toEqual(['appointment.cancel']);
  });

  it('answers a second cancel with 204 and leaves the appointment cancelled', async () => {
    const appointment = await insertAppointment(alexId(), { status: 'cancelled' });
    expect((await alex.client.delete(`/api/appointments/${appointment.id}`)).status).toBe(204);
    expect((await Appointment.query().findById(appointment.id))!.status).toBe('cancelled');
  });

  it('does not cancel a completed appointment', async () => {
    const appointment = await insertAppointment(alexId(), { status: 'completed', appointmentDate: daysFromNow(-3) });
    expect((await alex.client.delete(`/api/appointments/${appointment.id}`)).status).toBe(409);
    expect((await Appointment.query().findById(appointment.id))!.status).toBe('completed');
    const listed = (await alex.client.get('/api/appointments')).body.find((a: { id: string }) => a.id === appointment.id);
    expect(listed.status).toBe('completed');
  });

  it('treats another patient’s appointment as missing and leaves it unchanged', async () => {
    const theirs = await insertAppointment(jordanId(), { reminderSent: false });
    const when = new Date(theirs.appointmentDate).toISOString();
    for (const res of [
      await alex.client.patch(`/api/appointments/${theirs.id}`, { appointmentDate: daysFromNow(20).toISOString() }),
      await alex.client.patch(`/api/appointments/${theirs.id}/reminder`, { reminderEnabled: true }),
      await alex.client.delete(`/api/appointments/${theirs.id}`),
    ]) {
      expect(res.status).toBe(404);
    }
    const after = (await Appointment.query().findById(theirs.id))!;
    expect({ status: after.status, reminderSent: after.reminderSent, appointmentDate: new Date(after.appointmentDate).toISOString() }).toEqual({
      status: 'scheduled',
      reminderSent: false,
      appointmentDate: when,
    });
  });
});
