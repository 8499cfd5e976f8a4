/**
 * Issue 42: the upload allowlist is PNG, JPEG and PDF, judged by the bytes; a file that is also a web page,
 * an image that is also a PDF, and a PDF that runs something or carries files are refused, and nothing of
 * them is stored.
 */
import { startTestServer, type TestServer } from '../support/app';
import { Document, MedicalReport, type User } from '../../db/models';
import { patientParty, type Party } from './consultations-fixtures';
import { dataUrl, textPdf } from '../support/document-fixtures';
import {
  LAB_PDF_LINES,
  avifPhoto,
  heicPhoto,
  htmlThenPdf,
  jpegWithPdf,
  junkThenPdf,
  pdfLaunchingProgram,
  pdfOpeningAddress,
  pdfOpeningAtFirstPage,
  pdfRunningEscapedJavaScript,
  pdfRunningJavaScript,
  pdfWithAttachment,
  pdfWithScriptComment,
  pngWithScript,
  webpPhoto,
} from '../support/hostile-uploads';
import { originalsOf } from '../support/stored-documents';

let server: TestServer;
let patient: Party<User>;

beforeAll(async () => {
  server = await startTestServer();
  patient = await patientParty(server.url);
}, 60_000);
afterAll(() => server.close());

async function savedCount(): Promise<number> {
  const userId = patient.account.record.id;
  return (await Document.query().where({ userId }).resultSize()) + (await MedicalReport.query().where({ userId }).resultSize()) + (await originalsOf(userId));
}

type Route = 'image' | 'pdf';
const post = (route: Route, bytes: Buffer, declared: string) =>
  route === 'image' ? patient.client.post('/api/process-medical-document', { imageData: dataUrl(declared, bytes) }) : patient.client.post('/api/process-pdf-document', { pdfData: dataUrl(declared, bytes) });

async function expectRefused(route: Route, bytes: Buffer, declared: string, status: number, message: string) {
  const before = await savedCount();
  const answer = await post(route, bytes, declared);
  expect({ status: answer.status, message: answer.body?.message }).toEqual({ status, message });
  expect(await savedCount()).toBe(before);
}

const OTHER_FORMAT = (format: string) => `${format} images are not accepted. Send the photo as JPEG or PNG (on an iPhone: Settings > Camera > Formats > Most Compatible), or as a PDF.`;
const MARKUP = 'This file also contains web page code (HTML or script), so it was refused. Save the document again as a plain JPEG, PNG or PDF (print to a new PDF, or take a screenshot) and upload that.';
const ACTIVE = 'This PDF contains scripts, attached files or actions that run when it is opened, so it was refused. Print it to a new PDF (which keeps only its pages) and upload that.';

describe('photo formats beyond PNG and JPEG', () => {
  it.each([
    ['WebP', webpPhoto, 'image/webp'],
    ['HEIC', async () => heicPhoto(), 'image/heic'],
    ['AVIF', avifPhoto, 'image/avif'],
  ])('refuses %s with 415, naming it and saying what to send instead (whatever the data URL claims)', async (format, make, mimeType) => {
    const bytes = await make();
    await expectRefused('image', bytes, mimeType, 415, OTHER_FORMAT(format));
    await expectRefused('image', bytes, 'image/png', 415, OTHER_FORMAT(format));
    await expectRefused('pdf', bytes, 'application/pdf', 415, OTHER_FORMAT(format));
  });
});

describe('polyglots', () => {
  it('refuses a PDF with a web page in front of it, and one with other bytes before its header', async () => {
    await expectRefused('pdf', await htmlThenPdf(), 'application/pdf', 415, MARKUP);
    await expectRefused('pdf', await junkThenPdf(), 'application/pdf', 415, 'This PDF has other data before its "%PDF-" header, so it was refused. Open it and print or save it as a new PDF, then upload that.');
  });

  it('refuses a PDF, and a PNG, whose first kilobyte holds a script tag', async () => {
    await expectRefused('pdf', await pdfWithScriptComment(), 'application/pdf', 415, MARKUP);
    await expectRefused('image', pngWithScript(), 'image/png', 415, MARKUP);
  });

  it('refuses a JPEG that is also a PDF', async () => {
    await expectRefused('image', await jpegWithPdf(), 'image/jpeg', 415, 'This image also contains a PDF, so it was refused. Upload the photo and the PDF as separate files.');
  });
});

describe('PDFs that run something or carry files', () => {
  it('refuses JavaScript run on opening, kept inside a compressed object stream', async () => {
    const pdf = await pdfRunningJavaScript();
    expect(pdf.includes('JavaScript')).toBe(false);
    await expectRefused('pdf', pdf, 'application/pdf', 422, ACTIVE);
  });

  it("refuses JavaScript whose names are written with '#xx' escapes", async () => {
    await expectRefused('pdf', await pdfRunningEscapedJavaScript(), 'application/pdf', 422, ACTIVE);
  });

  it('refuses a link that launches a program, an address opened on opening, and an attached file', async () => {
    await expectRefused('pdf', await pdfLaunchingProgram(), 'application/pdf', 422, ACTIVE);
    await expectRefused('pdf', await pdfOpeningAddress(), 'application/pdf', 422, ACTIVE);
    await expectRefused('pdf', await pdfWithAttachment(), 'application/pdf', 422, ACTIVE);
  });
});

describe('what stays accepted', () => {
  it('reads and keeps a plain PDF, and one that opens at its first page (a destination, not an action)', async () => {
    for (const pdf of [await textPdf([LAB_PDF_LINES]), await pdfOpeningAtFirstPage()]) {
      const before = await savedCount();
      const answer = await post('pdf', pdf, 'application/pdf');
      expect(answer.status).toBe(200);
      expect(answer.body.extractedText).toContain('Hemoglobin A1c');
      expect(await savedCount()).toBe(before + 3);
    }
  });
});
