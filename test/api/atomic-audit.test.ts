/**
 * A data write and its audit row commit in one transaction, or neither does. The database connection is
 * killed at the moment the audit row goes in (a trigger, created by the owner for this patient only,
 * terminates its own backend), which is PostgreSQL dying between the write and its row: the client is
 * told the write failed, and neither the write nor a row is left. Without the trigger the same request
 * stores both.
 */
import { startTestServer, type TestServer } from '../support/app';
import { separateTestKnex } from '../support/db';
import { patientParty, type Party } from './consultations-fixtures';
import { insertAppointment, insertReport } from './records-fixtures';
import { AuditEvent, Appointment, Doctor, Document, MedicalReport, Medication, User } from '../../db/models';
import { CLINIC_NOTE_LINES, dataUrl, textPdf } from '../support/document-fixtures';
import { createAdmin, createDoctor, signedInClient } from '../support/factories';
import { originalsOf } from '../support/stored-documents';

let server: TestServer;
let patient: Party<User>;

beforeAll(async () => {
  server = await startTestServer();
  patient = await patientParty(server.url);
});
afterAll(() => server.close());

const patientId = () => patient.account.record.id;

/** While `run` runs, the connection that writes an audit row of `actorId` (the patient by default) dies before the row is stored. */
async function withConnectionKilledAtAuditRow(run: () => Promise<void>, actorId = patientId()): Promise<void> {
  const owner = separateTestKnex();
  const name = `kill_at_audit_${actorId.replace(/-/g, '')}`;
  await owner.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM pg_terminate_backend(pg_backend_pid()); PERFORM pg_sleep(5); RETURN NEW; END $$`);
  await owner.raw(`CREATE TRIGGER ${name} BEFORE INSERT ON audit_events FOR EACH ROW WHEN (NEW.actor_id = '${actorId}' AND NEW.outcome = 'success') EXECUTE FUNCTION ${name}()`);
  try {
    await run();
  } finally {
    await owner.raw(`DROP TRIGGER ${name} ON audit_events`);
    await owner.raw(`DROP FUNCTION ${name}()`);
    await owner.destroy();
  }
}

const auditRows = (action: string, resourceId?: string) =>
  AuditEvent.query()
    .where({ actorId: patientId(), action, outcome: 'success' })
    .modify((query) => (resourceId ? query.where({ resourceId }) : query))
    .resultSize();

describe('a write and its audit row', () => {
  it('adding a medication: neither is stored when the connection dies at the audit row, both are otherwise', async () => {
    const body = { name: 'Atomic-Amoxicillin', dosage: '500mg', frequency: 'twice_daily', reminderTimes: ['08:00', '20:00'] };
    await withConnectionKilledAtAuditRow(async () => {
      const failed = await patient.client.post('/api/medications', body);
      expect(failed.status).toBe(503);
    });
    expect(await Medication.query().where({ userId: patientId(), name: body.name }).resultSize()).toBe(0);
    expect(await auditRows('medication.create')).toBe(0);

    const stored = await patient.client.post('/api/medications', body);
    expect(stored.status).toBe(201);
    const { id } = stored.body as { id: string };
    expect(await Medication.query().findById(id)).toBeDefined();
    expect(await auditRows('medication.create', id)).toBe(1);
  });

  it('correcting a report: the stored report keeps its old values and no row is written', async () => {
    const report = await insertReport(patientId(), { title: 'Before the outage' });
    await withConnectionKilledAtAuditRow(async () => {
      const failed = await patient.client.patch(`/api/medical-reports/${report.id}`, { title: 'Lost with its row' });
      expect(failed.status).toBe(503);
    });
    expect(await MedicalReport.query().findById(report.id)).toMatchObject({ title: 'Before the outage', version: 1 });
    expect(await auditRows('report.update', report.id)).toBe(0);
  });

  it('cancelling an appointment: it stays scheduled and no row is written', async () => {
    const appointment = await insertAppointment(patientId(), { status: 'scheduled' });
    await withConnectionKilledAtAuditRow(async () => {
      const failed = await patient.client.delete(`/api/appointments/${appointment.id}`);
      expect(failed.status).toBe(503);
    });
    expect(await Appointment.query().findById(appointment.id)).toMatchObject({ status: 'scheduled' });
    expect(await auditRows('appointment.cancel', appointment.id)).toBe(0);

    expect((await patient.client.delete(`/api/appointments/${appointment.id}`)).status).toBe(204);
    expect(await Appointment.query().findById(appointment.id)).toMatchObject({ status: 'cancelled' });
    expect(await auditRows('appointment.cancel', appointment.id)).toBe(1);
  });

  it('an admin deactivating a doctor: the doctor stays active and no row is written', async () => {
    const admin = await createAdmin();
    const adminClient = await signedInClient(server.url, admin);
    const doctor = await createDoctor();
    await withConnectionKilledAtAuditRow(async () => {
      const failed = await adminClient.patch(`/api/admin/doctors/${doctor.record.id}/activation`, { isActive: false });
      expect(failed.status).toBe(503);
    }, admin.record.id);
    expect(await Doctor.query().findById(doctor.record.id)).toMatchObject({ isActive: true });
    expect(await AuditEvent.query().where({ actorId: admin.record.id, action: 'admin.deactivate_doctor' }).resultSize()).toBe(0);
  });

  it.each([
    ['on Premium, where one statement stores all three', 'sub_atomic_audit'],
    ['on the free plan, under its lock', null],
  ])('reading a PDF into a report %s: neither the report, its document nor its file is kept when the connection dies at the audit row', async (_plan, subscription) => {
    await User.query().findById(patientId()).patch({ stripeSubscriptionId: subscription });
    const upload = { pdfData: dataUrl('application/pdf', await textPdf([CLINIC_NOTE_LINES])) };
    const stored = async () => ({ reports: await MedicalReport.query().where({ userId: patientId() }).whereNotNull('documentId').resultSize(), documents: await Document.query().where({ userId: patientId() }).resultSize(), files: await originalsOf(patientId()) });
    const before = await stored();
    await withConnectionKilledAtAuditRow(async () => {
      const failed = await patient.client.post('/api/process-pdf-document', upload);
      expect(failed.status).toBe(503);
    });
    expect(await stored()).toEqual(before);

    const read = await patient.client.post('/api/process-pdf-document', upload);
    expect(read.status).toBe(200);
    const reportId = (read.body as { report: { id: string } }).report.id;
    expect(await stored()).toEqual({ reports: before.reports + 1, documents: before.documents + 1, files: before.files + 1 });
    expect(await auditRows('document.process', reportId)).toBe(1);
  });

  it('the server keeps serving after its connections were killed', async () => {
    expect((await patient.client.get('/api/medications')).status).toBe(200);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
