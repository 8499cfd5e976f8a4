import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { extractText, getDocumentProxy, renderPageAsImage } from 'unpdf';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { startTestServer, type TestServer } from '../support/app';
import { Consultation, Document, MedicalReport, User } from '../../db/models';
import { FREE_PLAN_REPORT_LIMIT } from '../../common/constants';
import { insertChatLines, insertJoinedGuest, patientParty, type Party } from './consultations-fixtures';
import { createDoctor } from '../support/factories';
import { insertAppointment, insertMedication, insertReport } from './records-fixtures';
import { CLINIC_NOTE_LINES, dataUrl, textImage, textPdf } from '../support/document-fixtures';
import { originalsOf } from '../support/stored-documents';

const LIMIT_MESSAGE = 'The free plan holds 10 reports. Upgrade to Premium to add more.';
/** Rendered export pages land here (beside Playwright's output) for people to look at. */
const PAGES_DIR = path.resolve('test-results', 'export-pages');

let server: TestServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'medivault-plans-'));
  server = await startTestServer({ DATA_DIR: dataDir });
}, 60_000);
afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

const premiumParty = (overrides: Partial<User> = {}) => patientParty(server.url, { stripeSubscriptionId: `sub_test_${Math.random().toString(36).slice(2)}`, ...overrides });

async function fillReports(userId: string, count: number) {
  for (let index = 0; index < count; index++) await insertReport(userId, { title: `Report ${index + 1}` });
}

/** What a refused add must leave untouched: the report and document rows and the stored originals. */
async function savedState(userId: string) {
  return {
    reports: await MedicalReport.query().where({ userId }).resultSize(),
    documents: await Document.query().where({ userId }).resultSize(),
    files: await originalsOf(userId),
  };
}

const handReport = (title = 'Vitamin D level') => ({ title, type: 'blood_work', reportDate: '2026-10-01' });
const photo = textImage(CLINIC_NOTE_LINES);

describe('the free plan holds 10 reports', () => {
  let patient: Party<User>;
  beforeAll(async () => {
    patient = await patientParty(server.url);
    await fillReports(patient.account.record.id, FREE_PLAN_REPORT_LIMIT - 1);
  });

  it('takes the 10th report and refuses the 11th added by hand, saving nothing', async () => {
    expect((await patient.client.post('/api/medical-reports', handReport('Tenth'))).status).toBe(201);
    const before = await savedState(patient.account.record.id);
    const answer = await patient.client.post('/api/medical-reports', handReport('Eleventh'));
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({ code: 'premium_required', message: LIMIT_MESSAGE });
    expect(await savedState(patient.account.record.id)).toEqual(before);
    expect(before.reports).toBe(FREE_PLAN_REPORT_LIMIT);
  });

  it('refuses the 11th from a photo and from a PDF before reading them, keeping no file', async () => {
    const before = await savedState(patient.account.record.id);
    const scan = await patient.client.post('/api/process-medical-document', { imageData: dataUrl('image/png', photo) });
    const pdf = await patient.client.post('/api/process-pdf-document', { pdfData: dataUrl('application/pdf', await textPdf([CLINIC_NOTE_LINES])) });
    for (const answer of [scan, pdf]) expect(answer).toMatchObject({ status: 402, body: { code: 'premium_required', message: LIMIT_MESSAGE } });
    expect(await savedState(patient.account.record.id)).toEqual(before);
  });

  it('lets room made by deleting a report be used again', async () => {
    const [oldest] = await MedicalReport.query().where({ userId: patient.account.record.id }).limit(1);
    expect((await patient.client.delete(`/api/medical-reports/${oldest!.id}`)).status).toBe(204);
    expect((await patient.client.post('/api/medical-reports', handReport('In the freed place'))).status).toBe(201);
    expect((await patient.client.post('/api/medical-reports', handReport('One too many'))).status).toBe(402);
  });
});

describe('the limit under concurrency', () => {
  it('never lets concurrent adds at the limit go over it', async () => {
    const patient = await patientParty(server.url);
    await fillReports(patient.account.record.id, FREE_PLAN_REPORT_LIMIT - 2);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => patient.client.post('/api/medical-reports', handReport(`Race ${index}`))));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(2);
    expect(answers.filter((answer) => answer.status === 402)).toHaveLength(6);
    expect((await savedState(patient.account.record.id)).reports).toBe(FREE_PLAN_REPORT_LIMIT);
  });

  it('checks again when a document is saved: the report added while it was read takes the last place', async () => {
    const patient = await patientParty(server.url);
    const userId = patient.account.record.id;
    await fillReports(userId, FREE_PLAN_REPORT_LIMIT - 1);
    const scanning = patient.client.post('/api/process-medical-document', { imageData: dataUrl('image/png', photo) });
    // The hand-added report lands while the photo is still being read (OCR takes far longer than an insert).
    expect((await patient.client.post('/api/medical-reports', handReport('Added during the scan'))).status).toBe(201);
    const scan = await scanning;
    expect(scan).toMatchObject({ status: 402, body: { message: LIMIT_MESSAGE } });
    expect(await savedState(userId)).toEqual({ reports: FREE_PLAN_REPORT_LIMIT, documents: 0, files: 0 });
  }, 60_000);
});

describe('Premium', () => {
  it('lifts the limit for hand-added reports and documents', async () => {
    const patient = await premiumParty();
    await fillReports(patient.account.record.id, FREE_PLAN_REPORT_LIMIT);
    expect((await patient.client.post('/api/medical-reports', handReport('Eleventh'))).status).toBe(201);
    const scan = await patient.client.post('/api/process-medical-document', { imageData: dataUrl('image/png', photo) });
    expect(scan.status).toBe(200);
    expect(await savedState(patient.account.record.id)).toEqual({ reports: FREE_PLAN_REPORT_LIMIT + 2, documents: 1, files: 1 });
  }, 60_000);

  it('takes premium analyses from Premium users only, and opens them to Premium users only', async () => {
    const free = await patientParty(server.url);
    const premium = await premiumParty();
    const analysis = { title: 'Cardiometabolic trend analysis', type: 'premium_analysis', reportDate: '2026-11-01' };

    const refused = await free.client.post('/api/medical-reports', analysis);
    expect(refused).toMatchObject({ status: 402, body: { code: 'premium_required', message: expect.stringMatching(/Upgrade to Premium/) } });
    expect(await MedicalReport.query().where({ userId: free.account.record.id }).resultSize()).toBe(0);
    const created = await premium.client.post('/api/medical-reports', analysis);
    expect(created.status).toBe(201);
    expect((await premium.client.get(`/api/medical-reports/${created.body.id}`)).status).toBe(200);

    // A free user's own analysis (kept from a lapsed subscription) is listed, but opening or changing it is Premium.
    const kept = await insertReport(free.account.record.id, { title: 'Kept analysis', type: 'premium_analysis' });
    expect((await free.client.get('/api/medical-reports')).body.map((report: { id: string }) => report.id)).toContain(kept.id);
    expect((await free.client.get(`/api/medical-reports/${kept.id}`)).status).toBe(402);
    expect((await free.client.patch(`/api/medical-reports/${kept.id}`, { title: 'Renamed' })).status).toBe(402);
  });
});

describe('what the plan lets the patient do, as the server tells the screens', () => {
  const abilitiesById = (reports: Array<{ id: string; abilities: unknown }>) => Object.fromEntries(reports.map((report) => [report.id, report.abilities]));

  it("says of each report whether it opens and its document downloads, by the patient's plan", async () => {
    const free = await patientParty(server.url);
    const userId = free.account.record.id;
    const scanned = await insertReport(userId, { title: 'Scanned letter', documentUrl: '/api/documents/00000000-0000-4000-8000-000000000001' });
    const typed = await insertReport(userId, { title: 'Typed note' });
    const analysis = await insertReport(userId, { title: 'Kept analysis', type: 'premium_analysis', documentUrl: '/api/documents/00000000-0000-4000-8000-000000000002' });

    const list = await free.client.get('/api/medical-reports');
    expect(abilitiesById(list.body)).toEqual({
      [scanned.id]: { canOpen: true, canDownload: true },
      [typed.id]: { canOpen: true, canDownload: false },
      [analysis.id]: { canOpen: false, canDownload: false },
    });
    expect((await free.client.get(`/api/medical-reports/${typed.id}`)).body.abilities).toEqual({ canOpen: true, canDownload: false });
    expect((await free.client.patch(`/api/medical-reports/${scanned.id}`, { summary: 'Read' })).body.abilities).toEqual({ canOpen: true, canDownload: true });

    // Premium opens the analysis, in the list and on its own.
    await User.query().findById(userId).patch({ stripeSubscriptionId: `sub_test_${Math.random().toString(36).slice(2)}` });
    expect(abilitiesById((await free.client.get('/api/medical-reports')).body)[analysis.id]).toEqual({ canOpen: true, canDownload: true });
    expect((await free.client.get(`/api/medical-reports/${analysis.id}`)).body.abilities).toEqual({ canOpen: true, canDownload: true });
  });

  it('says whether one more report fits and how many more the free plan takes, counting down to the refusal', async () => {
    const free = await patientParty(server.url);
    await fillReports(free.account.record.id, FREE_PLAN_REPORT_LIMIT - 2);
    expect((await free.client.get('/api/medical-reports/abilities')).body).toEqual({ canAddReport: true, reportsLeft: 2, canExportPdf: false });
    const added = await free.client.post('/api/medical-reports', handReport('Ninth'));
    expect(added.body.abilities).toEqual({ canOpen: true, canDownload: false });
    expect((await free.client.get('/api/medical-reports/abilities')).body).toEqual({ canAddReport: true, reportsLeft: 1, canExportPdf: false });
    expect((await free.client.post('/api/medical-reports', handReport('Tenth'))).status).toBe(201);
    expect((await free.client.get('/api/medical-reports/abilities')).body).toEqual({ canAddReport: false, reportsLeft: 0, canExportPdf: false });
    expect((await free.client.post('/api/medical-reports', handReport('Eleventh'))).status).toBe(402);
  });

  it('tells a Premium patient there is no limit and the PDF export is theirs', async () => {
    const premium = await premiumParty();
    await fillReports(premium.account.record.id, FREE_PLAN_REPORT_LIMIT);
    expect((await premium.client.get('/api/medical-reports/abilities')).body).toEqual({ canAddReport: true, reportsLeft: null, canExportPdf: true });
  });
});

/** The export as bytes (the test client reads answers as text). */
async function exportPdf(party: Party<User>, query = '') {
  const response = await fetch(`${server.url}/api/medical-reports/export${query}`, { headers: { cookie: party.client.cookieHeader } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Share of a rendered page's pixels that are not near-white: text and rules on paper. */
async function inkShare(png: ArrayBuffer): Promise<number> {
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  let ink = 0;
  for (let index = 0; index < data.length; index += 4) if (data[index]! < 200 || data[index + 1]! < 200 || data[index + 2]! < 200) ink++;
  return ink / (image.width * image.height);
}

describe('PDF export', () => {
  it('answers 402 with the upgrade offer to free users', async () => {
    const free = await patientParty(server.url);
    const answer = await free.client.get('/api/medical-reports/export');
    expect(answer).toMatchObject({ status: 402, body: { code: 'premium_required', message: expect.stringMatching(/^PDF export is part of Premium\. Upgrade to Premium/) } });
  });

  it("holds the Premium patient's reports with results, medications and appointments, over numbered pages, and no one else's", async () => {
    const premium = await premiumParty({ firstName: 'Amara', lastName: 'Okonkwo' });
    const other = await patientParty(server.url);
    const userId = premium.account.record.id;
    const results = {
      hemoglobin: { value: 11.2, unit: 'g/dL', referenceRange: '12.0-15.5' },
      whiteBloodCells: { value: 6.4, unit: 'K/uL', referenceRange: '4.5-11.0' },
      plateletCount: { value: 250, unit: 'K/uL', referenceRange: '150-400' },
      ldlCholesterol: { value: 162, unit: 'mg/dL', referenceRange: '<130' },
      notes: 'Fasting sample',
    };
    for (let index = 0; index < 14; index++) {
      await insertReport(userId, { title: `Lipid Panel ${index + 1}`, summary: 'LDL above the target; repeat after three months of diet changes. '.repeat(3), results });
    }
    await insertMedication(userId, { name: 'Atorvastatin', dosage: '20mg', instructions: 'Take in the evening' });
    await insertAppointment(userId, { doctorName: 'Dr. Helena Marsh', reason: 'Lipid follow-up' });
    const doctor = await createDoctor({ name: 'Lena Ortiz' });
    const consultation = await Consultation.query().insert({ patientId: userId, doctorId: doctor.record.id, appointmentDate: new Date('2026-11-10T15:00:00Z'), duration: 30, status: 'completed', consultationType: 'video', diagnosis: 'Hyperlipidaemia', fee: 5000 });
    const daughter = await insertJoinedGuest(consultation, 'Ada Okonkwo');
    await insertChatLines(consultation, [
      ['patient', 'Should I stop the statin before the blood test?'],
      ['doctor', 'No, keep taking it; fast for twelve hours before.'],
      ['guest', 'I will drive her to the lab at eight.', daughter.id],
    ]);
    await insertReport(other.account.record.id, { title: 'Someone Elses Biopsy' });
    await insertMedication(other.account.record.id, { name: 'Otherdrugazole' });

    const answer = await exportPdf(premium, '?timeZone=Europe%2FBerlin');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="medivault-records-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(answer.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const document = await getDocumentProxy(new Uint8Array(answer.bytes));
    expect(document.numPages).toBeGreaterThanOrEqual(3);
    const { text: pages } = await extractText(document, { mergePages: false });
    const all = pages.join('\n');
    const expected = ['Medical Records', 'Amara Okonkwo', 'Lipid Panel 1', 'Lipid Panel 14', 'Hemoglobin', 'White Blood Cells', '12.0-15.5', 'Atorvastatin', 'Take in the evening', 'Dr. Helena Marsh', 'Lipid follow-up'];
    // The consultation with its chat transcript, in the order it was written.
    expected.push('Video Call with Dr. Lena Ortiz', 'Diagnosis: Hyperlipidaemia', 'Should I stop the statin before the blood test?', 'No, keep taking it; fast for twelve hours before.');
    // Each line with who wrote it; a guest by the name they gave, marked as a guest.
    expected.push('Ada Okonkwo (guest)', 'I will drive her to the lab at eight.');
    for (const words of expected) {
      expect(all).toContain(words);
    }
    expect(all.indexOf('Should I stop the statin')).toBeLessThan(all.indexOf('No, keep taking it'));
    expect(all).not.toContain('Someone Elses Biopsy');
    expect(all).not.toContain('Otherdrugazole');
    pages.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${pages.length}`));

    await mkdir(PAGES_DIR, { recursive: true });
    for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber++) {
      const png = await renderPageAsImage(new Uint8Array(answer.bytes), pageNumber, { canvasImport: () => import('@napi-rs/canvas'), scale: 1.5 });
      const ink = await inkShare(png);
      // A page of text: clearly printed on, far from a solid block.
      expect(ink).toBeGreaterThan(0.01);
      expect(ink).toBeLessThan(0.5);
      await writeFile(path.join(PAGES_DIR, `page-${pageNumber}.png`), Buffer.from(png));
    }
  }, 60_000);

  it('answers a readable PDF for a patient with no records at all', async () => {
    const premium = await premiumParty();
    const answer = await exportPdf(premium);
    expect(answer.status).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(answer.bytes)), { mergePages: true });
    for (const words of ['No medical reports recorded.', 'No medications recorded.', 'No appointments recorded.', 'No consultations recorded.', 'Page 1 of 1']) expect(text).toContain(words);
  });

  it('refuses a time zone that is not one', async () => {
    const premium = await premiumParty();
    const answer = await premium.client.get('/api/medical-reports/export?timeZone=Mars%2FOlympus');
    expect(answer.status).toBe(400);
    expect(answer.body.fields.timeZone).toMatch(/IANA/);
  });
});
