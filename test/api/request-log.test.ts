import { startTestServer, type TestServer } from '../support/app';
import { patientParty, type Party } from './consultations-fixtures';
import { insertReport } from './records-fixtures';
import { createLogger, REDACTED_PATHS } from '../../server/log';
import { CapturedLines } from '../support/captured-log';
import { testKnex } from '../support/db';
import type { User } from '../../db/models';

const DIAGNOSIS = 'Suspected early-stage melanoma on the left shoulder';

let server: TestServer;
let alex: Party<User>;
const captured = new CapturedLines();

beforeAll(async () => {
  server = await startTestServer({}, { logger: createLogger('info', captured) });
  alex = await patientParty(server.url);
});
afterAll(() => server.close());

describe('request log', () => {
  it('writes one line per request with its route pattern, status, duration, request id and actor kind, and no body', async () => {
    const report = await insertReport(alex.account.record.id, { title: 'Dermatology referral' });
    const before = captured.lines.length;
    const res = await alex.client.patch(`/api/medical-reports/${report.id}`, { summary: DIAGNOSIS });
    expect(res.status).toBe(200);
    expect(res.body.summary).toBe(DIAGNOSIS);

    const lines = captured.lines.slice(before);
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'request',
        level: 30,
        method: 'PATCH',
        route: '/api/medical-reports/:id',
        status: 200,
        requestId: res.headers.get('x-request-id'),
        actor: 'patient',
        durationMs: expect.any(Number),
      }),
    ]);
    const written = captured.raw.slice(before).join('\n');
    expect(written).not.toContain('melanoma');
    expect(written).not.toContain(report.id);
    expect(written).not.toContain(alex.account.record.email);
  });

  it('tells where a request spent its time: its session (with the actor), its audit row and its other database queries, apart', async () => {
    const report = await insertReport(alex.account.record.id, { title: 'Cardiology letter' });
    const before = captured.lines.length;
    const res = await alex.client.get(`/api/medical-reports/${report.id}`);
    expect(res.status).toBe(200);
    const [line] = captured.lines.slice(before) as Array<Record<string, number>>;
    // The parts do not overlap: the session row (with its actor) and the audit row are their stages' time,
    // so the queries counted apart are the report's own.
    expect(line!.queries).toBe(1);
    expect(line!.queryMs).toBeGreaterThan(0);
    for (const stage of ['sessionMs', 'auditMs']) expect(line![stage]).toBeGreaterThan(0);
    const partsMs = line!.sessionMs! + line!.auditMs! + line!.queryMs!;
    expect(partsMs).toBeLessThanOrEqual(line!.durationMs!);
  });

  it('tells how long a request waited for a database connection while the pool was busy', async () => {
    const report = await insertReport(alex.account.record.id, { title: 'Neurology letter' });
    const idle = captured.lines.length;
    expect((await alex.client.get(`/api/medical-reports/${report.id}`)).status).toBe(200);
    expect((captured.lines[idle] as Record<string, number>).poolWaitMs).toBeLessThan(100);

    // Every connection of the app's pool is held until the request is seen waiting for one, and 250 ms more.
    const knex = await testKnex();
    const pool = (knex.client as { pool: { max: number; numPendingAcquires(): number } }).pool;
    const held = await Promise.all(Array.from({ length: pool.max }, () => knex.transaction()));
    const busy = captured.lines.length;
    const answered = alex.client.get(`/api/medical-reports/${report.id}`);
    // Bounded, so a request that never waits fails the assertions below instead of hanging the suite.
    for (const giveUpAt = Date.now() + 5000; pool.numPendingAcquires() === 0 && Date.now() < giveUpAt; ) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 250));
    await Promise.all(held.map((trx) => trx.commit()));
    expect((await answered).status).toBe(200);
    const line = captured.lines[busy] as Record<string, number>;
    expect(line.poolWaitMs).toBeGreaterThan(200);
    expect(line.poolWaitMs).toBeLessThanOrEqual(line.durationMs!);
  });

  it('labels requests that match no API route without their path', async () => {
    const before = captured.lines.length;
    const res = await alex.client.get('/api/no-such-thing/Jane-Doe');
    expect(res.status).toBe(404);
    expect(captured.lines.slice(before)).toEqual([expect.objectContaining({ route: 'unmatched /api', status: 404 })]);
    expect(captured.raw.slice(before).join('\n')).not.toContain('Jane-Doe');
  });

  it('redacts personal and health fields by path when a caller logs them anyway', () => {
    const sink = new CapturedLines();
    const logger = createLogger('info', sink);
    logger.info({ consultationId: 'c-1', diagnosis: DIAGNOSIS, patient: { email: 'a@b.test', phone: '555' } }, 'careless line');
    expect(sink.lines[0]).toEqual(
      expect.objectContaining({ consultationId: 'c-1', diagnosis: '[Redacted]', patient: { email: '[Redacted]', phone: '[Redacted]' } }),
    );
    expect(REDACTED_PATHS).toEqual(expect.arrayContaining(['diagnosis', '*.diagnosis', 'body', '*.body']));
  });
});
