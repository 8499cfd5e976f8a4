import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from '../support/app';
import { Document, MedicalReport, type User } from '../../db/models';
import { patientParty, type Party } from './consultations-fixtures';
import { dataUrl, encryptedPdf, flateBombPdf, manyPagesPdf, pngDeclaring, textImage, textJpeg } from '../support/document-fixtures';
import { MAX_DOCUMENT_BYTES } from '../../common/constants';
import { originalsOf } from '../support/stored-documents';

let server: TestServer;
let dataDir: string;
let patient: Party<User>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'medivault-hostile-'));
  server = await startTestServer({ DATA_DIR: dataDir });
  patient = await patientParty(server.url);
}, 60_000);
afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Nothing of a refused upload is kept: no document row, no report, no original. */
async function savedCount(): Promise<number> {
  const userId = patient.account.record.id;
  return (await Document.query().where({ userId }).resultSize()) + (await MedicalReport.query().where({ userId }).resultSize()) + (await originalsOf(userId));
}

async function expectRefused(route: 'image' | 'pdf', body: unknown, status: number, message: RegExp) {
  const before = await savedCount();
  const answer = await patient.client.post(route === 'image' ? '/api/process-medical-document' : '/api/process-pdf-document', body);
  expect({ status: answer.status, message: answer.body?.message }).toEqual({ status, message: expect.stringMatching(message) });
  expect(await savedCount()).toBe(before);
}

describe('the type comes from the bytes', () => {
  it('refuses bytes that are no image and no PDF with 415, whatever the data URL claims', async () => {
    const garbage = Buffer.from('MZ\x90\x00 this is an executable, not a scan'.repeat(20), 'latin1');
    await expectRefused('image', { imageData: dataUrl('image/png', garbage) }, 415, /^This file type cannot be read\. Upload a photo \(JPEG or PNG\) or a PDF\.$/);
    await expectRefused('pdf', { pdfData: dataUrl('application/pdf', Buffer.from('<html><body>not a pdf</body></html>')) }, 415, /file type cannot be read/);
  });

  it('refuses a body that is not a data URL with 400', async () => {
    const answer = await patient.client.post('/api/process-medical-document', { imageData: 'https://example.org/scan.png' });
    expect(answer.status).toBe(400);
    expect(answer.body.fields.imageData).toBe('Image data must be a base64 data URL (data:...;base64,...)');
  });
});

describe('size limits', () => {
  it('answers 413 from the declared length, before a byte of the body arrives', async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${server.url}/api/process-medical-document`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, cookie: patient.client.cookieHeader, 'content-length': String(40 * 1024 * 1024) },
      });
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
      // Headers only: the body never comes, so only the declared length can have been judged.
      request.flushHeaders();
    });
    expect(status).toBe(413);
    expect(JSON.parse(body).message).toMatch(/^The document is too large: at most 15 MB\./);
  });

  it('answers 413 while an endless body is still streaming in', async () => {
    let sent = 0;
    const chunk = new TextEncoder().encode('A'.repeat(64 * 1024));
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"imageData":"data:image/png;base64,'));
      },
      pull(controller) {
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const answer = await fetch(`${server.url}/api/process-medical-document`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie: patient.client.cookieHeader },
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect(answer.status).toBe(413);
    expect((await answer.json()).message).toMatch(/^The document is too large: at most 15 MB\./);
    // Refused near the limit, not after the whole (endless) body.
    expect(sent).toBeLessThan(40 * 1024 * 1024);
  });

  it('answers 413 for a file just over 15 MB that fits the body limit', async () => {
    const bytes = Buffer.concat([textImage(['x'], { width: 100, height: 100 }), Buffer.alloc(MAX_DOCUMENT_BYTES)]);
    await expectRefused('image', { imageData: dataUrl('image/png', bytes) }, 413, /^The document is too large/);
  });

  it('answers 413 for an image declaring more than 50 megapixels, without decoding it', async () => {
    const bomb = pngDeclaring(10_000, 10_000);
    expect(bomb.length).toBeLessThan(20_000);
    await expectRefused('image', { imageData: dataUrl('image/png', bomb) }, 413, /^The image is too large: at most 50 megapixels/);
  });

  it('answers 413 for a PDF of more than 50 pages', async () => {
    await expectRefused('pdf', { pdfData: dataUrl('application/pdf', await manyPagesPdf(51)) }, 413, /^This PDF has 51 pages; at most 50 can be read/);
  });
});

describe('hostile and damaged files', () => {
  it('refuses an encrypted PDF with 422', async () => {
    await expectRefused('pdf', { pdfData: dataUrl('application/pdf', await encryptedPdf()) }, 422, /encrypted or password-protected/);
  });

  it('refuses a PDF whose stream unpacks into a decompression bomb, without unpacking it whole', async () => {
    const bomb = await flateBombPdf(200);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const heapBefore = process.memoryUsage().rss;
    await expectRefused('pdf', { pdfData: dataUrl('application/pdf', bomb) }, 413, /unpacks into far more data/);
    expect(process.memoryUsage().rss - heapBefore).toBeLessThan(150 * 1024 * 1024);
  });

  it('refuses a bomb wrapped in a text encoding (ASCIIHex, then Flate) that does not look compressed', async () => {
    const bomb = await flateBombPdf(300, { asciiHex: true });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const heapBefore = process.memoryUsage().rss;
    await expectRefused('pdf', { pdfData: dataUrl('application/pdf', bomb) }, 413, /unpacks into far more data/);
    expect(process.memoryUsage().rss - heapBefore).toBeLessThan(150 * 1024 * 1024);
  });

  it('answers 422 with the spec message for an image that cannot be decoded', async () => {
    const truncated = textJpeg(['Diagnosis: none']).subarray(0, 600);
    await expectRefused('image', { imageData: dataUrl('image/jpeg', truncated) }, 422, /^Unable to process the medical document\. Please try again\.$/);
  });

  it('answers 422 for a photo with no text in it', async () => {
    await expectRefused('image', { imageData: dataUrl('image/png', textImage([], { width: 800, height: 600 })) }, 422, /^Unable to process the medical document/);
  }, 30_000);

  it('answers 422 for a damaged file that only starts like a PDF', async () => {
    await expectRefused('pdf', { pdfData: dataUrl('application/pdf', Buffer.from('%PDF-1.7\n garbage garbage garbage')) }, 422, /^This PDF cannot be read/);
  });
});
