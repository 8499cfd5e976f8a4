/**
 * Provenance: every version of a report is kept with who made it; a treating doctor sees which clinical
 * fields the patient changed from what a document or a doctor gave, beside the original; a patient cannot
 * relabel a report to or from a premium analysis.
 */
import { startTestServer, type TestServer } from '../support/app';
import { book, doctorParty, patientParty, type Party } from './consultations-fixtures';
import { insertReport } from './records-fixtures';
import type { Doctor, User } from '../../db/models';
import type { DoctorViewReport } from '../../common/api-types';

let server: TestServer;
let patient: Party<User>;
let doctor: Party<Doctor>;

beforeAll(async () => {
  server = await startTestServer();
  patient = await patientParty(server.url);
  doctor = await doctorParty(server.url);
  await book(patient.client, doctor.account.record.id);
});
afterAll(() => server.close());

const READ_FROM_UPLOAD = { changedBy: 'document' as const, status: 'urgent' as const, results: { hemoglobin: { value: 9.1, unit: 'g/dL', referenceRange: '13.5-17.5' } } };

async function doctorsView(reportId: string): Promise<DoctorViewReport> {
  const res = await doctor.client.get(`/api/doctor/patient/${patient.account.record.id}/records`);
  expect(res.status).toBe(200);
  return res.body.reports.find((r: DoctorViewReport) => r.id === reportId);
}

describe('report provenance', () => {
  it("shows the doctor the patient's change to a lab value and status beside the document's original", async () => {
    const report = await insertReport(patient.account.record.id, READ_FROM_UPLOAD);
    const edited = await patient.client.patch(`/api/medical-reports/${report.id}`, { status: 'normal', results: { hemoglobin: { value: 14.1, unit: 'g/dL', referenceRange: '13.5-17.5' } } });
    expect(edited.status).toBe(200);

    const seen = await doctorsView(report.id);
    expect(seen.status).toBe('normal');
    expect(seen.provenance).toEqual({ source: 'patient', patientChanged: ['status', 'results'], original: { type: 'blood_work', status: READ_FROM_UPLOAD.status, results: READ_FROM_UPLOAD.results }, importedFrom: null });
  });

  it('keeps every version with who made it, newest first, for the patient', async () => {
    const report = await insertReport(patient.account.record.id, READ_FROM_UPLOAD);
    await patient.client.patch(`/api/medical-reports/${report.id}`, { title: 'CBC (renamed)' });
    await patient.client.patch(`/api/medical-reports/${report.id}`, { status: 'review' });
    const versions = await patient.client.get(`/api/medical-reports/${report.id}/versions`);
    expect(versions.status).toBe(200);
    expect(versions.body.map((v: { version: number; source: string; title: string; status: string }) => [v.version, v.source, v.title, v.status])).toEqual([
      [3, 'patient', 'CBC (renamed)', 'review'],
      [2, 'patient', 'CBC (renamed)', 'urgent'],
      [1, 'document', 'Complete Blood Count', 'urgent'],
    ]);
    const other = await patientParty(server.url);
    expect((await other.client.get(`/api/medical-reports/${report.id}/versions`)).status).toBe(404);
  });

  it('marks nothing when the patient only keeps a report offline or renames it', async () => {
    const report = await insertReport(patient.account.record.id, READ_FROM_UPLOAD);
    await patient.client.patch(`/api/medical-reports/${report.id}`, { isOfflineAvailable: true });
    expect((await doctorsView(report.id)).provenance).toMatchObject({ source: 'document', patientChanged: [] });
    await patient.client.patch(`/api/medical-reports/${report.id}`, { title: 'My blood test' });
    expect((await doctorsView(report.id)).provenance).toMatchObject({ source: 'patient', patientChanged: [] });
  });

  it("says a report the patient wrote from the start is the patient's, with no original", async () => {
    const created = await patient.client.post('/api/medical-reports', { title: 'Home BP log', type: 'consultation', reportDate: new Date().toISOString() });
    expect(created.status).toBe(201);
    expect((await doctorsView(created.body.id)).provenance).toEqual({ source: 'patient', patientChanged: [], original: null, importedFrom: null });
  });

  it('shows the doctor where an imported report came from, still after the patient corrects it', async () => {
    const file = { resourceType: 'Bundle', type: 'collection', meta: { source: 'Lakeside Clinic portal' }, entry: [{ resource: { resourceType: 'Condition', code: { text: 'Seasonal allergy' }, onsetDateTime: '2023-04-01' } }] };
    const imported = await patient.client.post('/api/import/fhir', file);
    expect(imported.status).toBe(201);
    const { reports } = (await doctor.client.get(`/api/doctor/patient/${patient.account.record.id}/records`)).body as { reports: DoctorViewReport[] };
    const report = reports.find((r) => r.title === 'Seasonal allergy')!;
    expect(report.provenance).toEqual({ source: 'import', patientChanged: [], original: { type: 'consultation', status: 'normal', results: null }, importedFrom: 'Lakeside Clinic portal' });
    expect((await patient.client.patch(`/api/medical-reports/${report.id}`, { status: 'review' })).status).toBe(200);
    expect((await doctorsView(report.id)).provenance).toMatchObject({ source: 'patient', patientChanged: ['status'], importedFrom: 'Lakeside Clinic portal' });
  });

  it('refuses to relabel a report to or from a premium analysis, and allows other type changes', async () => {
    const message = 'A report cannot be changed to or from a premium analysis: those come only from the premium service.';
    const ordinary = await insertReport(patient.account.record.id, { changedBy: 'document' });
    const toPremium = await patient.client.patch(`/api/medical-reports/${ordinary.id}`, { type: 'premium_analysis' });
    expect(toPremium.status).toBe(400);
    expect(toPremium.body.fields).toEqual({ type: message });
    const premium = await insertReport(patient.account.record.id, { type: 'premium_analysis', changedBy: 'doctor' });
    expect((await patient.client.patch(`/api/medical-reports/${premium.id}`, { type: 'blood_work' })).status).toBe(400);
    const allowed = await patient.client.patch(`/api/medical-reports/${ordinary.id}`, { type: 'x_ray' });
    expect(allowed.status).toBe(200);
    expect((await doctorsView(ordinary.id)).provenance.patientChanged).toEqual(['type']);
  });
});
