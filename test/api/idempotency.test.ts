/**
 * Idempotency-Key: a retried state-changing request with the same key returns the first answer and
 * changes nothing, across concurrent retries too; the key is per caller and tied to one request.
 */
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '../support/app';
import { patientParty, doctorParty, book, type Party } from './consultations-fixtures';
import { Consultation, Medication, MedicalReport, type Doctor, type User } from '../../db/models';
import { insertReport } from './records-fixtures';
import { minutesLater, withLostAnswer } from '../support/lost-answer';

let server: TestServer;
let patient: Party<User>;

beforeAll(async () => {
  server = await startTestServer();
  patient = await patientParty(server.url);
});
afterAll(() => server.close());

const medication = (name: string) => ({ name, dosage: '10mg', frequency: 'once_daily', reminderTimes: ['08:00'] });
const countMedications = (userId: string, name: string) => Medication.query().where({ userId, name }).resultSize();

describe('Idempotency-Key', () => {
  it('answers a retry with the first answer, marked replayed, and creates the record once', async () => {
    const key = randomUUID();
    const first = await patient.client.post('/api/medications', medication('Retry-safe'), { 'Idempotency-Key': key });
    const retry = await patient.client.post('/api/medications', medication('Retry-safe'), { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await countMedications(patient.account.record.id, 'Retry-safe')).toBe(1);
  });

  it('creates the record once when the retries arrive together', async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => patient.client.post('/api/medications', medication('Concurrent'), { 'Idempotency-Key': key })),
    );
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((a) => a.body.id)).size).toBe(1);
    for (const busy of answers.filter((a) => a.status !== 201)) {
      expect(busy.status).toBe(409);
      expect(busy.headers.get('retry-after')).toBe('1');
      expect(busy.body.message).toBe('A request with this Idempotency-Key is still being processed. Retry in a moment.');
    }
    expect(await countMedications(patient.account.record.id, 'Concurrent')).toBe(1);
  });

  it('refuses the key reused for a different request with 422, and changes nothing', async () => {
    const key = randomUUID();
    await patient.client.post('/api/medications', medication('First use'), { 'Idempotency-Key': key });
    const reused = await patient.client.post('/api/medications', medication('Second use'), { 'Idempotency-Key': key });
    expect(reused.status).toBe(422);
    expect(reused.body.message).toBe('This Idempotency-Key was already used for a different request. Send a new key with a new request.');
    expect(await countMedications(patient.account.record.id, 'Second use')).toBe(0);
  });

  it('keeps keys apart per caller: the same key from another patient is a new request', async () => {
    const other = await patientParty(server.url);
    const key = randomUUID();
    const mine = await patient.client.post('/api/medications', medication('Shared key'), { 'Idempotency-Key': key });
    const theirs = await other.client.post('/api/medications', medication('Shared key'), { 'Idempotency-Key': key });
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(await countMedications(other.account.record.id, 'Shared key')).toBe(1);
  });

  it('keeps nothing for a refused request, so the corrected retry with the same key runs', async () => {
    const key = randomUUID();
    const refused = await patient.client.post('/api/medications', { ...medication('Fixed later'), dosage: '' }, { 'Idempotency-Key': key });
    expect(refused.status).toBe(400);
    const corrected = await patient.client.post('/api/medications', medication('Fixed later'), { 'Idempotency-Key': key });
    expect(corrected.status).toBe(201);
    expect(await countMedications(patient.account.record.id, 'Fixed later')).toBe(1);
  });

  it('answers a retried cancel with the first answer rather than "already cancelled"', async () => {
    const doctor: Party<Doctor> = await doctorParty(server.url);
    const consultation = await book(patient.client, doctor.account.record.id);
    const key = randomUUID();
    const path = `/api/consultations/${consultation.id}/cancel`;
    const first = await patient.client.post(path, {}, { 'Idempotency-Key': key });
    const retry = await patient.client.post(path, {}, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await Consultation.query().findById(consultation.id))!.status).toBe('cancelled');
    const withoutKey = await patient.client.post(path, {});
    expect(withoutKey.status).toBe(409);
  });

  it('replays a 204: a retried delete answers 204 again instead of 404', async () => {
    const created = await patient.client.post('/api/medications', medication('Deleted once'));
    const key = randomUUID();
    const first = await patient.client.request('DELETE', `/api/medications/${created.body.id}`, undefined, { 'Idempotency-Key': key });
    const retry = await patient.client.request('DELETE', `/api/medications/${created.body.id}`, undefined, { 'Idempotency-Key': key });
    expect(first.status).toBe(204);
    expect(retry.status).toBe(204);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
  });

  it('answers 400 to a key that is not 8 to 255 visible characters', async () => {
    for (const key of ['short', 'x'.repeat(256), 'has space in it']) {
      const res = await patient.client.post('/api/medications', medication('Bad key'), { 'Idempotency-Key': key });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Idempotency-Key must be 8 to 255 visible ASCII characters; a UUID is a good choice.');
    }
    expect(await countMedications(patient.account.record.id, 'Bad key')).toBe(0);
  });

  it('leaves requests without a key as they were: each one acts', async () => {
    await patient.client.post('/api/medications', medication('No key'));
    await patient.client.post('/api/medications', medication('No key'));
    expect(await countMedications(patient.account.record.id, 'No key')).toBe(2);
  });

  it('never keeps an answer that holds a secret (a calendar feed address): the retry is told the request was carried out', async () => {
    const key = randomUUID();
    const first = await patient.client.post('/api/calendar/feed', { timeZone: 'Europe/London' }, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const token = String(first.body.url).split('/').pop()!.replace('.ics', '');
    const kept = await Medication.knex()('idempotency_keys').where({ key }).first('state', 'body');
    expect(kept).toEqual({ state: 'applied', body: null });
    expect(JSON.stringify(await Medication.knex()('idempotency_keys').where({ key }))).not.toContain(token);
    const retry = await patient.client.post('/api/calendar/feed', { timeZone: 'Europe/London' }, { 'Idempotency-Key': key });
    expect(retry.status).toBe(409);
    expect(retry.body.message).toMatch(/^A request with this Idempotency-Key was already carried out/);
  });

  describe('after a write committed and PostgreSQL went away before the request could answer', () => {
    const owner = () => Medication.knex();

    it('answers the retry with the answer the write stored, and creates the record once', async () => {
      const key = randomUUID();
      await withLostAnswer(owner(), key, async () => {
        const first = await patient.client.post('/api/medications', medication('Committed before the crash'), { 'Idempotency-Key': key });
        expect(first.status).toBe(201);
        await minutesLater(owner(), key);
        const retry = await patient.client.post('/api/medications', medication('Committed before the crash'), { 'Idempotency-Key': key });
        expect([retry.status, retry.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
        expect(retry.body).toEqual(first.body);
        expect(retry.headers.get('etag')).toBe(first.headers.get('etag'));
      });
      expect(await countMedications(patient.account.record.id, 'Committed before the crash')).toBe(1);
    });

    it('tells the retry of a write that keeps no answer that it was carried out, and acts no more', async () => {
      const report = await insertReport(patient.account.record.id);
      const key = randomUUID();
      await withLostAnswer(owner(), key, async () => {
        const first = await patient.client.request('DELETE', `/api/medical-reports/${report.id}`, undefined, { 'Idempotency-Key': key });
        expect(first.status).toBe(204);
        await minutesLater(owner(), key);
        const retry = await patient.client.request('DELETE', `/api/medical-reports/${report.id}`, undefined, { 'Idempotency-Key': key });
        expect(retry.status).toBe(409);
        expect(retry.body.message).toBe(
          'A request with this Idempotency-Key was already carried out, but its answer was not kept. Look at the result (for example, list the records) instead of retrying.',
        );
      });
      expect(await MedicalReport.query().findById(report.id)).toBeUndefined();
    });
  });
});
