import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Bundle, BundleEntry, DiagnosticReport, MedicationStatement } from '@medplum/fhirtypes';
import { startTestServer, type TestServer } from '../support/app';
import { patientParty } from './consultations-fixtures';
import { insertMedication, insertReport } from './records-fixtures';
import { LAB_SHEET_LINES, dataUrl, textPdf } from '../support/document-fixtures';

/**
 * A report's or medication's date is a calendar day, kept as its midnight in the patient's zone (what the
 * app's date inputs send): one the server writes (a scan, an import, a client's bare '2026-03-05') reads as
 * that day on the patient's screens, in New York as in Tokyo, and the exports write the day the patient entered.
 */

let server: TestServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'medivault-calendar-days-'));
  server = await startTestServer({ DATA_DIR: dataDir });
}, 60_000);
afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

const NEW_YORK = 'America/New_York';
/** Midnight of 3 February 2025 and of 5 March 2026 in New York (UTC-5 in winter). */
const NEW_YORK_FEB_3 = '2025-02-03T05:00:00.000Z';
const NEW_YORK_MAR_5 = '2026-03-05T05:00:00.000Z';

describe('a day the server writes is the patient’s day', () => {
  it('a scanned lab sheet dated 2025-02-03 is dated that day in New York, not the evening before', async () => {
    const patient = await patientParty(server.url, { timeZone: NEW_YORK });
    const pdf = await textPdf([LAB_SHEET_LINES]);
    const answer = await patient.client.post('/api/process-pdf-document', { pdfData: dataUrl('application/pdf', pdf) });
    expect(answer.status).toBe(200);
    expect(answer.body.report.reportDate).toBe(NEW_YORK_FEB_3);
  }, 60_000);

  it('a bare day a client sends for a report or a medication is its midnight in the patient’s zone; a date-time stays as sent', async () => {
    const patient = await patientParty(server.url, { timeZone: NEW_YORK });
    const report = await patient.client.post('/api/medical-reports', { title: 'Lipid panel', type: 'blood_work', reportDate: '2026-03-05' });
    expect(report.status).toBe(201);
    expect(report.body.reportDate).toBe(NEW_YORK_MAR_5);
    const corrected = await patient.client.patch(`/api/medical-reports/${report.body.id}`, { reportDate: '2025-02-03' });
    expect(corrected.body.reportDate).toBe(NEW_YORK_FEB_3);
    const timed = await patient.client.post('/api/medical-reports', { title: 'ECG', type: 'heart_rate', reportDate: '2026-03-05T14:30:00.000Z' });
    expect(timed.body.reportDate).toBe('2026-03-05T14:30:00.000Z');

    const medication = await patient.client.post('/api/medications', { name: 'Amoxicillin', dosage: '500 mg', frequency: 'twice_daily', reminderTimes: ['08:00', '20:00'], startDate: '2026-03-05', endDate: '2026-03-12' });
    expect(medication.status).toBe(201);
    expect([medication.body.startDate, medication.body.endDate]).toEqual([NEW_YORK_MAR_5, '2026-03-12T04:00:00.000Z']);
  });

  it('an imported report and medication keep the file’s days in the patient’s zone', async () => {
    const patient = await patientParty(server.url, { timeZone: NEW_YORK, firstName: 'Alex', lastName: 'Morgan' });
    const subject = { reference: 'urn:uuid:d0000000-0000-4000-8000-000000000001' };
    const file: Bundle = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { fullUrl: subject.reference, resource: { resourceType: 'Patient', name: [{ family: 'Morgan', given: ['Alex'] }] } },
        { fullUrl: 'urn:uuid:d0000000-0000-4000-8000-000000000002', resource: { resourceType: 'DiagnosticReport', status: 'final', code: { text: 'Thyroid panel' }, subject, effectiveDateTime: '2026-03-05' } },
        { fullUrl: 'urn:uuid:d0000000-0000-4000-8000-000000000003', resource: { resourceType: 'MedicationStatement', status: 'active', medicationCodeableConcept: { text: 'Levothyroxine' }, subject, effectivePeriod: { start: '2025-02-03' } } },
      ] as BundleEntry[],
    };
    expect((await patient.client.post('/api/import/fhir', file)).status).toBe(201);
    const reports = await patient.client.get('/api/medical-reports');
    expect(reports.body.find((r: { title: string }) => r.title === 'Thyroid panel').reportDate).toBe(NEW_YORK_MAR_5);
    const medications = await patient.client.get('/api/medications');
    expect(medications.body.medications.find((m: { name: string }) => m.name === 'Levothyroxine').startDate).toBe(NEW_YORK_FEB_3);
  });
});

describe('the exports write the day the patient entered', () => {
  it('a report and a medication entered in Tokyo on 5 March (15:00 UTC the day before) are dated 2026-03-05 in the FHIR export', async () => {
    const patient = await patientParty(server.url, { timeZone: 'Asia/Tokyo' });
    const tokyoMidnight = new Date('2026-03-04T15:00:00.000Z');
    await insertReport(patient.account.record.id, { title: 'Chest X-ray', reportDate: tokyoMidnight });
    await insertMedication(patient.account.record.id, { name: 'Ibuprofen', startDate: tokyoMidnight, endDate: null });
    const bundle = (await patient.client.get('/api/export/fhir')).body as Bundle;
    const resources = bundle.entry!.map((entry) => entry.resource!);
    const report = resources.find((r): r is DiagnosticReport => r.resourceType === 'DiagnosticReport' && r.code.text === 'Chest X-ray')!;
    const medication = resources.find((r): r is MedicationStatement => r.resourceType === 'MedicationStatement')!;
    expect(report.effectiveDateTime).toBe('2026-03-05');
    expect(medication.effectivePeriod?.start).toBe('2026-03-05');
  });
});
