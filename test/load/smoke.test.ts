/**
 * The clinic's day in small, inside `npm test`: 20 patients, 4 doctors and 2 calls for 30 s against a
 * test server. The thresholds are generous (about ten times the full run's goals), so only a regression
 * of that order fails: no errors, every acknowledged write stored once with its audit row, p99 under
 * 1 s for REST and 500 ms for socket events.
 */
import { startTestServer, type TestServer } from '../support/app';
import { testKnex } from '../support/db';
import { runClinicDay } from './clinic-day';
import { openClinic } from './clinic';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('a 30-second clinic day: no errors, every acknowledged write stored once, p99 within ten times the goals', async () => {
  const clinic = await openClinic(server.url, { patients: 20, doctors: 4, calls: 2 });
  const report = await runClinicDay(await testKnex(), clinic, { baseUrl: server.url, durationMs: 30_000, thinkMs: [200, 800] });
  expect(report.discrepancies).toEqual([]);
  expect(report.errors).toBe(0);
  expect(report.acknowledged.medications).toBeGreaterThan(0);
  expect(report.acknowledged.chatLines).toBeGreaterThan(0);
  for (const row of report.rows) {
    expect({ name: row.name, p99UnderLimit: row.p99 < (row.name.startsWith('socket') ? 500 : 1000) }).toEqual({ name: row.name, p99UnderLimit: true });
  }
}, 120_000);
