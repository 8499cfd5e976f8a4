/**
 * A scanned document sent with an Idempotency-Key when its report committed and PostgreSQL went away
 * before the request could answer: the retry, minutes later, is told the upload was carried out and
 * stores no second report.
 */
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '../support/app';
import { minutesLater, withLostAnswer } from '../support/lost-answer';
import { LAB_SHEET_LINES, dataUrl, textPdf } from '../support/document-fixtures';
import { MedicalReport, User } from '../../db/models';
import { patientParty } from './consultations-fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('a document upload whose answer was lost: the retry stores no second report', async () => {
  const patient = await patientParty(server.url);
  const body = { pdfData: dataUrl('application/pdf', await textPdf([LAB_SHEET_LINES])), filename: 'lipids.pdf' };
  const key = randomUUID();
  const { first, retry } = await withLostAnswer(User.knex(), key, async () => {
    const first = await patient.client.post('/api/process-pdf-document', body, { 'Idempotency-Key': key });
    await minutesLater(User.knex(), key);
    return { first, retry: await patient.client.post('/api/process-pdf-document', body, { 'Idempotency-Key': key }) };
  });
  expect(first.status).toBe(200);
  expect(retry.status).toBe(409);
  expect(retry.body.message).toMatch(/already carried out/);
  expect(await MedicalReport.query().where({ userId: patient.account.record.id }).resultSize()).toBe(1);
});
