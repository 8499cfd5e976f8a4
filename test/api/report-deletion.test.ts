/**
 * Issue 39: a report the patient deletes is gone everywhere (its versions, its original, the lists, the
 * summaries, the FHIR and PDF exports) and no longer counts toward the free plan; the deletion is audited.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { startTestServer, type TestServer } from '../support/app';
import { AuditEvent, Document, MedicalReport, MedicalReportVersion, type User } from '../../db/models';
import { LAB_SHEET_LINES, dataUrl, textPdf } from '../support/document-fixtures';
import { hasOriginal } from '../support/stored-documents';
import { patientParty, type Party } from './consultations-fixtures';
import { insertReport } from './records-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

const TITLE = 'Complete Blood Count Report';

/** The Premium export's text. */
async function exportedText(party: Party<User>): Promise<string> {
  const response = await fetch(`${server.url}/api/medical-reports/export`, { headers: { cookie: party.client.cookieHeader } });
  expect(response.status).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await response.arrayBuffer())), { mergePages: true });
  return text;
}

describe('a deleted report', () => {
  let patient: Party<User>;
  let report: { id: string; documentUrl: string };
  let documentId: string;

  beforeAll(async () => {
    patient = await patientParty(server.url, { stripeSubscriptionId: `sub_test_${Math.random().toString(36).slice(2)}` });
    await insertReport(patient.account.record.id, { title: 'Kept chest X-ray', type: 'x_ray' });
    const read = await patient.client.post('/api/process-pdf-document', { pdfData: dataUrl('application/pdf', await textPdf([LAB_SHEET_LINES])) });
    expect(read.body.report.title).toBe(TITLE);
    report = read.body.report;
    documentId = report.documentUrl.split('/')[3]!;
    // A correction, so the report has an earlier version to lose too.
    const corrected = await patient.client.patch(`/api/medical-reports/${report.id}`, { summary: 'Corrected by the patient' });
    expect(corrected.status).toBe(200);
    expect(await MedicalReportVersion.query().where({ reportId: report.id }).resultSize()).toBe(2);
    expect(await exportedText(patient)).toContain(TITLE);

    expect((await patient.client.delete(`/api/medical-reports/${report.id}`)).status).toBe(204);
  }, 60_000);

  it('is audited as the patient’s deletion of that report', async () => {
    const rows = await AuditEvent.query().where({ action: 'report.delete', resourceId: report.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: patient.account.record.id, patientId: patient.account.record.id, resourceType: 'medical_report', outcome: 'success' });
  });

  it('is gone from the database with its versions and its original', async () => {
    expect(await MedicalReport.query().findById(report.id)).toBeUndefined();
    expect(await MedicalReportVersion.query().where({ reportId: report.id }).resultSize()).toBe(0);
    expect(await Document.query().findById(documentId)).toBeUndefined();
    expect(await hasOriginal(documentId)).toBe(false);
  });

  it('answers 404 where it was read, and is in no list', async () => {
    for (const path of [`/api/medical-reports/${report.id}`, `/api/medical-reports/${report.id}/versions`, report.documentUrl]) {
      expect((await patient.client.get(path)).status).toBe(404);
    }
    expect((await patient.client.delete(`/api/medical-reports/${report.id}`)).status).toBe(404);
    const list = await patient.client.get('/api/medical-reports');
    expect(list.body.map((r: { title: string }) => r.title)).toEqual(['Kept chest X-ray']);
    expect((await patient.client.get('/api/documents/recent')).body).toEqual([]);
  });

  it('is counted in no summary', async () => {
    expect((await patient.client.get('/api/dashboard-summary')).body).toMatchObject({ totalReports: 1 });
    const summary = await patient.client.post('/api/medical-summary', { type: 'report_analysis' });
    expect(summary.status).toBe(200);
    expect(JSON.stringify(summary.body)).not.toContain(report.id);
    expect(JSON.stringify(summary.body)).not.toContain(TITLE);
  });

  it('is in neither export', async () => {
    const fhir = await patient.client.get('/api/export/fhir');
    expect(fhir.status).toBe(200);
    const exported = JSON.stringify(fhir.body);
    expect(exported).toContain('Kept chest X-ray');
    for (const gone of [report.id, documentId, TITLE, 'Platelets', 'Hematocrit']) expect(exported).not.toContain(gone);
    const pdf = await exportedText(patient);
    expect(pdf).toContain('Kept chest X-ray');
    expect(pdf).not.toContain(TITLE);
  });
});

describe('deleting on the free plan', () => {
  it('frees the place the report held', async () => {
    const patient = await patientParty(server.url);
    const reports = [];
    for (let index = 1; index <= 10; index++) reports.push(await insertReport(patient.account.record.id, { title: `Report ${index}` }));
    const hand = { title: 'Vitamin D', type: 'blood_work', reportDate: '2026-10-01' };
    expect((await patient.client.post('/api/medical-reports', hand)).status).toBe(402);
    expect((await patient.client.delete(`/api/medical-reports/${reports[0]!.id}`)).status).toBe(204);
    expect((await patient.client.post('/api/medical-reports', hand)).status).toBe(201);
  });
});

describe("another patient's report", () => {
  it('answers 404 to a deletion, is kept, and the refusal names nothing of it', async () => {
    const [owner, stranger] = await Promise.all([patientParty(server.url), patientParty(server.url)]);
    const theirs = await insertReport(owner.account.record.id, { title: 'Private biopsy' });
    const answer = await stranger.client.delete(`/api/medical-reports/${theirs.id}`);
    expect(answer.status).toBe(404);
    expect(JSON.stringify(answer.body)).not.toContain('Private biopsy');
    expect(await MedicalReport.query().findById(theirs.id)).toMatchObject({ title: 'Private biopsy' });
    expect(await AuditEvent.query().where({ action: 'report.delete', resourceId: theirs.id, outcome: 'success' }).resultSize()).toBe(0);
  });
});
