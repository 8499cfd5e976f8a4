/**
 * Issue 42: each patient's uploaded originals fit a storage quota by plan (STORAGE_QUOTA_FREE_MB,
 * STORAGE_QUOTA_PREMIUM_MB, here 40 KB and 80 KB), checked before anything is stored: an upload that would
 * go past it answers 413 saying how much is kept and what to do, and nothing of it is kept.
 */
import { startTestServer, type TestServer } from '../support/app';
import { Document, User } from '../../db/models';
import { patientParty, type Party } from './consultations-fixtures';
import { dataUrl, textPdf } from '../support/document-fixtures';
import { LAB_PDF_LINES } from '../support/hostile-uploads';
import { insertDocumentWithOriginal } from '../support/stored-documents';
import { unique } from '../support/unique';

const KB = 1024;
const FREE_QUOTA = 40 * KB;
const PREMIUM_QUOTA = 80 * KB;

let server: TestServer;
let labPdf: Buffer;

beforeAll(async () => {
  server = await startTestServer({ STORAGE_QUOTA_FREE_MB: String(FREE_QUOTA / KB / KB), STORAGE_QUOTA_PREMIUM_MB: String(PREMIUM_QUOTA / KB / KB) });
  labPdf = await textPdf([LAB_PDF_LINES]);
}, 60_000);
afterAll(() => server.close());

const upload = (patient: Party<User>) => patient.client.post('/api/process-pdf-document', { pdfData: dataUrl('application/pdf', labPdf) });
const userIdOf = (patient: Party<User>) => patient.account.record.id;

async function storedBytes(patient: Party<User>): Promise<number> {
  const documents = await Document.query().where({ userId: userIdOf(patient) });
  return documents.reduce((sum, document) => sum + document.byteSize, 0);
}

/** An original already kept, so the patient has `free` bytes of room left under `quota`. */
const fillTo = (patient: Party<User>, quota: number, free: number) =>
  insertDocumentWithOriginal({ userId: userIdOf(patient), filename: 'earlier-scan.pdf', mimeType: 'application/pdf' }, Buffer.alloc(quota - free, 0x20));

const kb = (bytes: number) => `${Math.ceil(bytes / KB)} KB`;

describe('the free plan', () => {
  it('refuses an upload past the quota with 413, saying how much is kept and what to do, and keeps nothing', async () => {
    const patient = await patientParty(server.url);
    const filler = await fillTo(patient, FREE_QUOTA, labPdf.length - 1);
    const answer = await upload(patient);
    expect({ status: answer.status, message: answer.body.message }).toEqual({
      status: 413,
      message: `This file (${kb(labPdf.length)}) does not fit in your storage: you keep ${kb(filler.byteSize)} of documents out of 40 KB. Delete reports you no longer need, or upgrade to Premium for more room, then upload it again.`,
    });
    expect(await Document.query().where({ userId: userIdOf(patient) }).resultSize()).toBe(1);
    expect(await storedBytes(patient)).toBe(filler.byteSize);
  });

  it('keeps an upload that fits exactly', async () => {
    const patient = await patientParty(server.url);
    await fillTo(patient, FREE_QUOTA, labPdf.length);
    expect((await upload(patient)).status).toBe(200);
    expect(await storedBytes(patient)).toBe(FREE_QUOTA);
  });
});

describe('Premium', () => {
  const premiumParty = async () => {
    const patient = await patientParty(server.url);
    await User.query().findById(userIdOf(patient)).patch({ stripeSubscriptionId: unique('sub_') });
    return patient;
  };

  it('keeps only what fits when two uploads race for the last room (Premium saves hold no report lock, only the storage one)', async () => {
    const patient = await premiumParty();
    await fillTo(patient, PREMIUM_QUOTA, labPdf.length + 10);
    const statuses = (await Promise.all([upload(patient), upload(patient)])).map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 413]);
    expect(await storedBytes(patient)).toBeLessThanOrEqual(PREMIUM_QUOTA);
  });

  it('has the larger quota, and its refusal does not offer an upgrade', async () => {
    const patient = await premiumParty();
    await fillTo(patient, FREE_QUOTA, 0);
    expect((await upload(patient)).status).toBe(200);
    await insertDocumentWithOriginal({ userId: userIdOf(patient), filename: 'more.pdf', mimeType: 'application/pdf' }, Buffer.alloc(PREMIUM_QUOTA - (await storedBytes(patient)) - 1, 0x20));
    const answer = await upload(patient);
    expect({ status: answer.status, message: answer.body.message }).toEqual({
      status: 413,
      message: `This file (${kb(labPdf.length)}) does not fit in your storage: you keep ${kb(PREMIUM_QUOTA - 1)} of documents out of 80 KB. Delete reports you no longer need, then upload it again.`,
    });
    expect(await storedBytes(patient)).toBe(PREMIUM_QUOTA - 1);
  });
});
