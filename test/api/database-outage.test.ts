/**
 * PostgreSQL going away under a running server: requests answer 503 with Retry-After at once (none
 * hangs), one log line marks the outage and one its end, and the server recovers by itself when the
 * database returns. The suite runs its own embedded PostgreSQL, so stopping it leaves the others alone.
 */
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
  patient = await signedInClient(server.url, await createPatient());
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
