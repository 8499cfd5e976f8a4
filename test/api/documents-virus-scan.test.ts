/**
 * Issue 42: with CLAMD_HOST/CLAMD_PORT set, every upload is streamed to clamd (here a stand-in speaking its
 * INSTREAM protocol, test/support/clamd-stand-in.ts) before it is read or kept: a file it finds EICAR in is
 * refused and nothing is stored; clean photos and PDFs are read and kept; a scanner that cannot be reached
 * refuses uploads (503) rather than letting them through unscanned.
 */
import { startTestServer, type TestServer } from '../support/app';
import { Document, MedicalReport, type User } from '../../db/models';
import { patientParty, type Party } from './consultations-fixtures';
import { CLINIC_NOTE_LINES, dataUrl, textImage, textJpeg, textPdf } from '../support/document-fixtures';
import { LAB_PDF_LINES, pdfCarryingEicar } from '../support/hostile-uploads';
import { ClamdStandIn } from '../support/clamd-stand-in';
import { originalsOf } from '../support/stored-documents';

const CLAMD_PORT = 55130;

let standIn: ClamdStandIn;
let server: TestServer;
let patient: Party<User>;

beforeAll(async () => {
  standIn = await ClamdStandIn.listen({ port: CLAMD_PORT });
  server = await startTestServer({ CLAMD_HOST: '127.0.0.1', CLAMD_PORT: String(CLAMD_PORT) });
  patient = await patientParty(server.url);
}, 60_000);
afterAll(async () => {
  await server.close();
  await standIn.close();
});

async function savedCount(): Promise<number> {
  const userId = patient.account.record.id;
  return (await Document.query().where({ userId }).resultSize()) + (await MedicalReport.query().where({ userId }).resultSize()) + (await originalsOf(userId));
}

const postPdf = (pdf: Buffer) => patient.client.post('/api/process-pdf-document', { pdfData: dataUrl('application/pdf', pdf) });
const postImage = (image: Buffer, mimeType: string) => patient.client.post('/api/process-medical-document', { imageData: dataUrl(mimeType, image) });

describe('with the virus scanner on', () => {
  it('refuses a PDF carrying the EICAR test string and stores nothing; the scanner got the file whole, in chunks', async () => {
    const pdf = await pdfCarryingEicar();
    const before = await savedCount();
    const answer = await postPdf(pdf);
    expect({ status: answer.status, message: answer.body.message }).toEqual({
      status: 422,
      message: 'This file was refused by the virus scanner, so it was not saved. Check the device it came from with a virus scanner, then upload a clean copy of the document.',
    });
    expect(await savedCount()).toBe(before);
    const received = standIn.scanned.at(-1)!;
    expect(received.bytes.equals(pdf)).toBe(true);
    expect(received.chunks).toBe(2);
  });

  it('reads and keeps clean PNG, JPEG and PDF files, each scanned first', async () => {
    const uploads = [
      () => postImage(textImage(CLINIC_NOTE_LINES), 'image/png'),
      () => postImage(textJpeg(CLINIC_NOTE_LINES), 'image/jpeg'),
      async () => postPdf(await textPdf([LAB_PDF_LINES])),
    ];
    for (const upload of uploads) {
      const [before, scansBefore] = [await savedCount(), standIn.scanned.length];
      const answer = await upload();
      expect(answer.status).toBe(200);
      expect(await savedCount()).toBe(before + 3);
      expect(standIn.scanned.length).toBe(scansBefore + 1);
    }
  }, 180_000);
});

describe('with the virus scanner unreachable', () => {
  beforeAll(() => standIn.close());

  it('refuses the upload with 503 and stores nothing (fails closed)', async () => {
    const before = await savedCount();
    const answer = await postPdf(await textPdf([LAB_PDF_LINES]));
    expect({ status: answer.status, message: answer.body.message }).toEqual({
      status: 503,
      message: 'The virus scanner cannot be reached, so uploads are paused and nothing was saved. Please try again in a few minutes.',
    });
    expect(answer.headers.get('retry-after')).toBe('30');
    expect(await savedCount()).toBe(before);
  });
});
