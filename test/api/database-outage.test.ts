/**
 * PostgreSQL going away under a running server: requests answer 503 with Retry-After at once (none
 * hangs), one log line marks the outage and one its end, and the server recovers by itself when the
 * database returns; writes racing a restart are each stored once with their audit row, and none is
 * lost for a client that retries with its Idempotency-Key. The suite runs its own embedded PostgreSQL, so stopping it leaves the others alone.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../db/embedded';
import { migrateToLatest } from '../../db/connection';
import { createLogger } from '../../server/log';
import { CapturedLines } from '../support/captured-log';
import { startTestServer, type TestServer } from '../support/app';
import { testKnex } from '../support/db';
import { createPatient, signedInClient } from '../support/factories';
import { ROOT, TEST_PG_PORT } from '../support/test-database';
import type { TestClient } from '../support/client';

const DATA_DIR = path.join(ROOT, '.data-test-outage');
const PORT = TEST_PG_PORT + 23;

let database: EmbeddedDatabase;
let server: TestServer;
let patient: TestClient;
let patientId: string;
const captured = new CapturedLines();
/** knex's own output, which must stay quiet about every connection it fails to make. */
const driverLines: string[] = [];
const consoleWrites = (['log', 'warn', 'error'] as const).map((level) => {
  const original = console[level];
  console[level] = (...args: unknown[]) => void driverLines.push(args.map(String).join(' '));
  return () => (console[level] = original);
});

beforeAll(async () => {
  database = await startEmbeddedPostgres(DATA_DIR, PORT);
  process.env.DATABASE_URL = database.url;
  await migrateToLatest(await testKnex());
  server = await startTestServer({}, { logger: createLogger('info', captured) });
  const account = await createPatient();
  patientId = account.record.id;
  patient = await signedInClient(server.url, account);
}, 60_000);

afterAll(async () => {
  for (const restore of consoleWrites) restore();
  await server?.close();
  await database?.stop();
});

const linesSaying = (text: string) => captured.raw.filter((line) => line.includes(text));

it('answers 503 with Retry-After while PostgreSQL is down, logs the outage once, and recovers by itself', async () => {
  expect((await patient.get('/api/medical-reports')).status).toBe(200);
  await database.stop();

  const during = await Promise.all(Array.from({ length: 20 }, (_, i) => patient.get(i % 2 ? '/api/medical-reports' : '/api/medications')));
  for (const answer of during) {
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(answer.body).toMatchObject({ code: 'service_unavailable', message: 'The service cannot reach its database right now. Please try again in a few seconds.' });
  }
  expect(linesSaying('database unreachable')).toHaveLength(1);
  expect(driverLines).toEqual([]);
  expect(captured.raw.join('\n')).not.toMatch(/\s+at .+:\d+:\d+/); // no stack traces

  database = await startEmbeddedPostgres(DATA_DIR, PORT);
  let status = 0;
  for (let tries = 0; tries < 50 && status !== 200; tries++) {
    status = (await patient.get('/api/medical-reports')).status;
    if (status !== 200) await new Promise((r) => setTimeout(r, 200));
  }
  expect(status).toBe(200);
  for (let tries = 0; tries < 30 && !linesSaying('database reachable again').length; tries++) await new Promise((r) => setTimeout(r, 100));
  expect(linesSaying('database reachable again')).toHaveLength(1);
  expect(linesSaying('database unreachable')).toHaveLength(1);
}, 60_000);

it('answers the readiness probe 503 (database_unreachable) while PostgreSQL is down, the liveness probe 200 throughout', async () => {
  const probe = async (path: string) => {
    const answer = await fetch(`${server.url}${path}`);
    return { status: answer.status, body: await answer.json() };
  };
  expect(await probe('/api/health/ready')).toEqual({ status: 200, body: { status: 'ready', reason: null } });
  await database.stop();
  expect(await probe('/api/health/ready')).toEqual({ status: 503, body: { status: 'not_ready', reason: 'database_unreachable' } });
  expect(await probe('/api/health/live')).toEqual({ status: 200, body: { status: 'live' } });

  database = await startEmbeddedPostgres(DATA_DIR, PORT);
  let ready = 0;
  for (let tries = 0; tries < 50 && ready !== 200; tries++) {
    ready = (await probe('/api/health/ready')).status;
    if (ready !== 200) await new Promise((r) => setTimeout(r, 200));
  }
  expect(ready).toBe(200);
}, 60_000);

/** Adds one medication, retrying with the same Idempotency-Key through 503s and 409s as a client would. */
async function addMedicationRetrying(name: string, until: number): Promise<{ acknowledged: boolean; longestMs: number }> {
  const key = randomUUID();
  let longestMs = 0;
  while (Date.now() < until) {
    const started = Date.now();
    const answer = await patient.post('/api/medications', { name, dosage: '10mg', frequency: 'once_daily', reminderTimes: ['08:00'] }, { 'Idempotency-Key': key });
    longestMs = Math.max(longestMs, Date.now() - started);
    if (answer.status === 201) return { acknowledged: true, longestMs };
    expect([503, 409]).toContain(answer.status);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { acknowledged: false, longestMs };
}

it('a restart under load: every write is acknowledged once its client retries, stored once, each with its audit row; none hangs', async () => {
  const names = Array.from({ length: 8 }, (_, writer) => Array.from({ length: 12 }, (_, n) => `Restart-${writer}-${n}`));
  const until = Date.now() + 45_000;
  const writers = names.map(async (own) => {
    const outcomes = [];
    for (const name of own) outcomes.push(await addMedicationRetrying(name, until));
    return outcomes;
  });
  await new Promise((r) => setTimeout(r, 150));
  await database.stop();
  await new Promise((r) => setTimeout(r, 1500));
  database = await startEmbeddedPostgres(DATA_DIR, PORT);
  const outcomes = (await Promise.all(writers)).flat();

  expect(outcomes.every((outcome) => outcome.acknowledged)).toBe(true);
  // 503s come at once; nothing waits for the database to return.
  expect(Math.max(...outcomes.map((outcome) => outcome.longestMs))).toBeLessThan(10_000);
  const owner = await testKnex();
  const stored = await owner('medications').where('user_id', patientId).whereLike('name', 'Restart-%').select('id', 'name');
  expect(stored.map((row) => row.name).sort()).toEqual(names.flat().sort());
  const rows = await owner('audit_events').where({ action: 'medication.create', outcome: 'success' }).whereIn('resource_id', stored.map((row) => row.id)).select('resource_id as resourceId');
  expect(rows.map((row) => row.resourceId).sort()).toEqual(stored.map((row) => row.id).sort());
}, 90_000);
