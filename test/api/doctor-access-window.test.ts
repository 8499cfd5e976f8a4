import { insertDocumentWithOriginal } from '../support/stored-documents';
import { startTestServer, type TestServer } from '../support/app';
import { startSmtpServer } from '../support/smtp';
import { createAdmin, createDoctor, createPatient, signedInClient } from '../support/factories';
import { AuditEvent, BreakGlassGrant, Consultation, MedicalReport } from '../../db/models';
import type { Account } from '../support/factories';
import type { Doctor, User } from '../../db/models';
import type { TestClient } from '../support/client';

/**
 * A doctor reads a patient's records from booking until 30 days after the consultation ends; after that
 * only through break-glass, with a reason, for an hour. Every read and every break-glass is audited.
 */
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const DAY = 86_400_000;
const REASON = 'Patient called the clinic with chest pain; checking earlier ECG results.';

interface Care {
  patient: Account<User>;
  doctor: Account<Doctor>;
  doctorClient: TestClient;
  consultation: Consultation;
}

/** A patient with one report, and a doctor with one consultation with them that ended `daysAgo` days ago. */
async function careEnded(daysAgo: number, status: Consultation['status'] = 'completed', doctorName = 'Lena Ortiz'): Promise<Care> {
  const patient = await createPatient();
  const doctor = await createDoctor({ name: doctorName });
  await MedicalReport.query().insert({ userId: patient.record.id, title: 'Blood panel', type: 'blood_work', reportDate: new Date() } as Partial<MedicalReport>);
  const consultation = await Consultation.query().insertAndFetch({
    patientId: patient.record.id,
    doctorId: doctor.record.id,
    appointmentDate: new Date(Date.now() - daysAgo * DAY - 30 * 60_000),
    duration: 30,
    status,
    consultationType: 'video',
    fee: 5000,
  });
  return { patient, doctor, doctorClient: await signedInClient(server.url, doctor), consultation };
}

const records = (care: Care) => care.doctorClient.get(`/api/doctor/patient/${care.patient.record.id}/records`);
const access = (care: Care) => care.doctorClient.get(`/api/doctor/patients/${care.patient.record.id}/record-access`);
const breakGlass = (care: Care, body: unknown) => care.doctorClient.post(`/api/doctor/patients/${care.patient.record.id}/break-glass`, body);

describe('the access window', () => {
  it('opens at booking, before the consultation has happened', async () => {
    const care = await careEnded(-7, 'scheduled');
    expect((await records(care)).status).toBe(200);
    expect((await access(care)).body).toEqual({ state: 'care', until: expect.any(String) });
  });

  it('stays open for 30 days after the consultation ends, and every read is audited', async () => {
    const care = await careEnded(29);
    const res = await records(care);
    expect(res.status).toBe(200);
    expect(res.body.reports.map((r: { title: string }) => r.title)).toEqual(['Blood panel']);
    const until = new Date((await access(care)).body.until).getTime();
    expect(Math.abs(until - (new Date(care.consultation.appointmentDate).getTime() + 30 * 60_000 + 30 * DAY))).toBeLessThan(1000);
    const audited = await AuditEvent.query().where({ action: 'doctor.view_records', actorId: care.doctor.record.id, patientId: care.patient.record.id });
    expect(audited).toHaveLength(1);
  });

  it('answers 404 once 30 days have passed, and reports the access as closed', async () => {
    const care = await careEnded(31);
    expect((await records(care)).status).toBe(404);
    expect((await access(care)).body).toEqual({ state: 'closed', until: null });
  });

  it('counts a consultation in progress as open however old its date, and a cancelled one never', async () => {
    expect((await records(await careEnded(90, 'in_progress'))).status).toBe(200);
    const cancelled = await careEnded(-3, 'cancelled');
    expect((await records(cancelled)).status).toBe(404);
    expect((await access(cancelled)).status).toBe(404);
  });

  it("closes the patient's documents with the records", async () => {
    const storedFor = (care: Care) => insertDocumentWithOriginal({ userId: care.patient.record.id, filename: 'scan.png', mimeType: 'image/png' }, Buffer.from('scan'));
    const inside = await careEnded(3);
    const outside = await careEnded(31);
    const readInside = await inside.doctorClient.get(`/api/documents/${(await storedFor(inside)).id}/file`);
    const readOutside = await outside.doctorClient.get(`/api/documents/${(await storedFor(outside)).id}/file`);
    expect(readOutside.status).toBe(404);
    expect(readOutside.body.message).toBe('Document not found.');
    expect([readInside.status, readInside.body]).toEqual([200, 'scan']);
  });
});

describe('break-glass', () => {
  it('needs a reason (400 without one)', async () => {
    const care = await careEnded(40);
    const none = await breakGlass(care, {});
    expect(none.status).toBe(400);
    expect(none.body.fields).toEqual({ reason: 'Give the reason you need these records now' });
    expect((await breakGlass(care, { reason: 'because' })).body.fields).toEqual({ reason: 'Reason must be at least 10 characters' });
    expect((await records(care)).status).toBe(404);
  });

  it('opens the records for an hour with a reason, audited, shown to the patient with the reason and to admins', async () => {
    const care = await careEnded(40);
    const opened = await breakGlass(care, { reason: REASON });
    expect(opened.status).toBe(201);
    expect(opened.body.state).toBe('break_glass');
    const lasts = new Date(opened.body.until).getTime() - Date.now();
    expect(lasts).toBeGreaterThan(59 * 60_000);
    expect(lasts).toBeLessThanOrEqual(60 * 60_000);
    expect((await records(care)).status).toBe(200);
    expect((await access(care)).body).toEqual(opened.body);

    const audit = await AuditEvent.query().findOne({ action: 'doctor.break_glass', actorId: care.doctor.record.id, patientId: care.patient.record.id });
    expect(audit).toMatchObject({ outcome: 'success', resourceType: 'break_glass' });

    const patient = await signedInClient(server.url, care.patient);
    const history = await patient.get('/api/access-history?by=others');
    const row = history.body.entries.find((e: { action: string }) => e.action === 'doctor.break_glass');
    expect(row).toMatchObject({ who: 'Dr. Lena Ortiz', what: 'Opened your records outside the access window (break-glass)', reason: REASON });
    expect(history.body.entries.filter((e: { reason: string | null }) => e.reason !== null)).toHaveLength(1);

    const admin = await signedInClient(server.url, await createAdmin());
    const list = await admin.get('/api/admin/break-glass');
    expect(list.status).toBe(200);
    expect(list.body.find((e: { doctorId: string }) => e.doctorId === care.doctor.record.id)).toMatchObject({
      doctorName: 'Lena Ortiz',
      patientId: care.patient.record.id,
      patientName: 'Pat Ient',
      reason: REASON,
    });
  });

  it('is mailed to every admin at once: who and until when, with the portal link, but no patient and no reason', async () => {
    const admin = await createAdmin();
    // A roster name that carries its own title is titled once.
    const care = await careEnded(40, 'completed', 'Dr. Lena Ortiz');
    const opened = await breakGlass(care, { reason: REASON });
    expect(opened.status).toBe(201);
    // Every admin of the shared test database is mailed: ours may come after many others on a busy machine.
    const mail = await smtp.nextMailTo(admin.record.email, 25_000);
    expect(mail.text).toContain('Subject: MediVault: break-glass access to patient records');
    expect(mail.text).toContain("Dr. Lena Ortiz opened a patient's records outside the access window (break-glass)");
    expect(mail.text).not.toContain('Dr. Dr.');
    expect(mail.text).toContain(`the access lasts until ${opened.body.until}`);
    expect(mail.text).toContain(`${server.url}/admin/doctors`);
    for (const secret of [REASON, 'Pat', 'Ient', care.patient.record.email]) expect(mail.text).not.toContain(secret);
  });

  it('closes again when the grant expires', async () => {
    const care = await careEnded(40);
    expect((await breakGlass(care, { reason: REASON })).status).toBe(201);
    await BreakGlassGrant.query().where({ doctorId: care.doctor.record.id }).patch({ expiresAt: new Date(Date.now() - 1000) });
    expect((await records(care)).status).toBe(404);
    expect((await access(care)).body.state).toBe('closed');
  });

  it('is only for doctors who had a consultation with the patient (404), and not needed inside the window (409)', async () => {
    const care = await careEnded(40);
    const stranger = await signedInClient(server.url, await createDoctor());
    expect((await stranger.post(`/api/doctor/patients/${care.patient.record.id}/break-glass`, { reason: REASON })).status).toBe(404);
    expect((await stranger.get(`/api/doctor/patients/${care.patient.record.id}/record-access`)).status).toBe(404);
    const current = await careEnded(3);
    expect((await breakGlass(current, { reason: REASON })).status).toBe(409);
    expect(await BreakGlassGrant.query().where({ patientId: care.patient.record.id }).resultSize()).toBe(0);
  });
});

describe('what the consultation tells the doctor about the records (canReadRecords, canBreakGlass)', () => {
  const abilities = async (care: Care, consultationId = care.consultation.id) => {
    const res = await care.doctorClient.get(`/api/doctor/consultation/${consultationId}`);
    expect(res.status).toBe(200);
    return { canReadRecords: res.body.canReadRecords, canBreakGlass: res.body.canBreakGlass, recordsAnswer: (await records(care)).status };
  };

  it('agrees with the records route in care, outside the window, under break-glass, and with only a cancelled consultation', async () => {
    const inCare = await careEnded(3);
    expect(await abilities(inCare)).toEqual({ canReadRecords: true, canBreakGlass: false, recordsAnswer: 200 });

    const closed = await careEnded(31);
    expect(await abilities(closed)).toEqual({ canReadRecords: false, canBreakGlass: true, recordsAnswer: 404 });
    expect((await breakGlass(closed, { reason: REASON })).status).toBe(201);
    expect(await abilities(closed)).toEqual({ canReadRecords: true, canBreakGlass: false, recordsAnswer: 200 });

    const cancelled = await careEnded(-3, 'cancelled');
    expect(await abilities(cancelled)).toEqual({ canReadRecords: false, canBreakGlass: false, recordsAnswer: 404 });
  });

  it("answers per patient, not per consultation: a cancelled one shows the records while another puts the patient in the doctor's care", async () => {
    const care = await careEnded(-3, 'cancelled');
    await Consultation.query().insert({
      patientId: care.patient.record.id,
      doctorId: care.doctor.record.id,
      appointmentDate: new Date(Date.now() + 5 * DAY),
      duration: 30,
      status: 'scheduled',
      consultationType: 'video',
      fee: 5000,
    });
    expect(await abilities(care)).toEqual({ canReadRecords: true, canBreakGlass: false, recordsAnswer: 200 });
    const listed = await care.doctorClient.get('/api/doctor/consultations');
    expect(listed.body.map((c: { canReadRecords: boolean }) => c.canReadRecords)).toEqual([true, true]);
  });
});
