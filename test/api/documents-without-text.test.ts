/**
 * Issue 39: a camera frame or a scanned page with no document in it is refused (the spec's 'Unable to
 * process' words), and leaves nothing behind: no report, no document or original, no place on the free plan.
 * Real OCR reads real frames (test/support/document-fixtures.ts) and a real note for contrast.
 */
import sharp from 'sharp';
import { startTestServer, type TestServer } from '../support/app';
import { Document, MedicalReport, type User } from '../../db/models';
import { FREE_PLAN_REPORT_LIMIT } from '../../common/constants';
import { CLINIC_NOTE_LINES, coveredLensFrame, dataUrl, frameWithoutDocument, scannedPdf, textImage } from '../support/document-fixtures';
import { originalsOf } from '../support/stored-documents';
import { patientParty, type Party } from './consultations-fixtures';
import { insertReport } from './records-fixtures';

const UNABLE_TO_PROCESS = 'Unable to process the medical document. Please try again.';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

async function savedState(userId: string) {
  return {
    reports: await MedicalReport.query().where({ userId }).resultSize(),
    documents: await Document.query().where({ userId }).resultSize(),
    files: await originalsOf(userId),
  };
}

const scan = (party: Party<User>, jpeg: Buffer) => party.client.post('/api/process-medical-document', { imageData: dataUrl('image/jpeg', jpeg) });

describe('a camera frame with no document in it', () => {
  let patient: Party<User>;
  beforeAll(async () => {
    patient = await patientParty(server.url);
    // One place left on the free plan: a refused frame must not take it.
    for (let index = 1; index < FREE_PLAN_REPORT_LIMIT; index++) await insertReport(patient.account.record.id, { title: `Report ${index}` });
  });

  it.each([
    ['OCR reads only noise in it', frameWithoutDocument],
    ['it holds no ink at all (a covered lens)', coveredLensFrame],
  ])('is refused with the spec words when %s, and saves nothing', async (_, frame) => {
    const before = await savedState(patient.account.record.id);
    const answer = await scan(patient, await frame());
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'unprocessable', message: UNABLE_TO_PROCESS });
    expect(await savedState(patient.account.record.id)).toEqual(before);
  }, 90_000);

  it('leaves the free plan its place: a real note read next is saved', async () => {
    const answer = await patient.client.post('/api/process-medical-document', { imageData: dataUrl('image/png', textImage(CLINIC_NOTE_LINES)) });
    expect(answer.status).toBe(200);
    expect(answer.body.report).toMatchObject({ title: 'Consultation Note', facility: 'Riverside Family Clinic' });
    expect((await savedState(patient.account.record.id)).reports).toBe(FREE_PLAN_REPORT_LIMIT);
  }, 90_000);
});

describe('a scanned PDF whose only page holds no document', () => {
  it('answers success: false and saves nothing', async () => {
    const patient = await patientParty(server.url);
    const pdf = await scannedPdf([await sharp(await frameWithoutDocument()).png().toBuffer()]);
    const answer = await patient.client.post('/api/process-pdf-document', { pdfData: dataUrl('application/pdf', pdf) });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: false });
    expect(await savedState(patient.account.record.id)).toEqual({ reports: 0, documents: 0, files: 0 });
  }, 90_000);
});
