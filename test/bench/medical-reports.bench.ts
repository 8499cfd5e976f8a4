/**
 * GET /api/medical-reports for a signed-in patient with 10 reports (session lookup, actor lookup, the
 * owner-scoped query, presenters and the audit row included), against a bare Koa hello-world, each in
 * its own process, loaded in alternating rounds by autocannon from this process over loopback (median of each).
 * Goal: p99 at most 50 ms at 32 connections, every request answered 200. The share of the hello-world's
 * requests per second is printed without a goal: its 25% goal was retired (issue 20), each read doing a
 * session lookup, the query and an fsync'd audit row.
 *
 * The database is an embedded PostgreSQL under .data-bench (or DATABASE_URL when set).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), '../..');
const CONNECTIONS = 32;
const DURATION_S = 6;
const WARMUP_S = 2;
const ROUNDS = 3;
const GOAL_P99_MS = 50;
const REPORTS = 10;
const BENCH_USER = { username: 'bench_reports', password: 'Bench-Reports-1' };

interface LoadResult {
  requests: { average: number };
  latency: { p99: number; p50: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<LoadResult>;

// ---------------------------------------------------------------------------
// Child roles: this file also runs as the two servers under test.
// ---------------------------------------------------------------------------

async function serveHelloWorld(): Promise<{ port: number; close: () => Promise<void> }> {
  const { default: Koa } = await import('koa');
  const app = new Koa();
  app.use((ctx) => {
    ctx.body = 'Hello World';
  });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: (server.address() as AddressInfo).port, close: async () => undefined };
}

/** The production app factory on the bench database, with a patient holding exactly 10 reports. */
async function serveMedivault(): Promise<{ port: number; close: () => Promise<void> }> {
  const { createHttpServer } = await import('../../server/http-server');
  const { openBenchDatabase } = await import('./bench-database');
  const { createApp } = await import('../../server/app');
  const { log } = await import('../../server/log');
  const { benchPatient } = await import('./support/bench-user');
  const { MedicalReport } = await import('../../db/models');

  log.level = 'warn';
  const { config, db } = await openBenchDatabase();

  const user = await benchPatient(BENCH_USER, 'Patient');
  await MedicalReport.query().where({ userId: user.id }).delete();
  for (let i = 0; i < REPORTS; i++) {
    await MedicalReport.query().insert({
      userId: user.id,
      title: `Complete Blood Count #${i + 1}`,
      type: 'blood_work',
      status: i % 4 === 0 ? 'review' : 'normal',
      reportDate: new Date(Date.now() - i * 86_400_000),
      doctorName: 'Dr. Sarah Chen',
      facility: 'Riverside Medical Laboratory',
      summary: 'All values within reference ranges.',
      results: {
        hemoglobin: { value: 14.1, unit: 'g/dL', referenceRange: '13.5-17.5' },
        whiteBloodCells: { value: 6.4, unit: '10^3/uL', referenceRange: '4.5-11.0' },
        platelets: { value: 262, unit: '10^3/uL', referenceRange: '150-400' },
      },
      isOfflineAvailable: i % 2 === 0,
    });
  }
  const app = createApp({ config, knex: db.knex });
  const server = createHttpServer(app, config);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const close = async () => {
    // HTTP first: a request still in flight must not meet a closed database.
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await db.close();
  };
  return { port: (server.address() as AddressInfo).port, close };
}

// ---------------------------------------------------------------------------
// The bench itself
// ---------------------------------------------------------------------------

async function startRole(role: 'hello' | 'medivault'): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SELF, role], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout!.setEncoding('utf8');
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: string) => {
      output += chunk;
      const match = /^listening (\d+)$/m.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`${role} server exited (${code}) before listening`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usernameOrEmail: BENCH_USER.username, password: BENCH_USER.password }),
  });
  if (!response.ok) throw new Error(`bench sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const list = await fetch(`${url}/api/medical-reports`, { headers: { cookie } });
  const reports = (await list.json()) as unknown[];
  if (!list.ok || reports.length !== REPORTS) throw new Error(`expected ${REPORTS} reports, got ${list.status} ${reports.length}`);
  return cookie;
}

async function load(autocannon: Autocannon, url: string, headers: Record<string, string> = {}): Promise<LoadResult> {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP_S });
  return autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
}

function describe(label: string, result: LoadResult): string {
  const failures = result.non2xx + result.errors + result.timeouts;
  return `${label}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms${failures ? `, ${failures} failed` : ''}`;
}

/** The round whose requests per second is the median; its latency figures go with it. */
function medianRound(rounds: LoadResult[]): LoadResult {
  return [...rounds].sort((a, b) => a.requests.average - b.requests.average)[Math.floor(rounds.length / 2)]!;
}

async function bench(): Promise<void> {
  const autocannon = (await import('autocannon' as string)).default as Autocannon;
  const hello = await startRole('hello');
  const medivault = await startRole('medivault');
  const baselineRounds: LoadResult[] = [];
  const reportRounds: LoadResult[] = [];
  try {
    const cookie = await signIn(medivault.url);
    // Alternating rounds: a slow moment of this shared machine lands on one round, not on one side.
    for (let round = 0; round < ROUNDS; round++) {
      baselineRounds.push(await load(autocannon, `${hello.url}/`));
      reportRounds.push(await load(autocannon, `${medivault.url}/api/medical-reports`, { cookie }));
    }
  } finally {
    await Promise.all([stop(hello.child), stop(medivault.child)]);
  }

  const baseline = medianRound(baselineRounds);
  const reports = medianRound(reportRounds);
  const share = reports.requests.average / baseline.requests.average;
  const failed = reportRounds.some((r) => r.non2xx + r.errors + r.timeouts > 0);
  const met = reports.latency.p99 <= GOAL_P99_MS && !failed;
  console.log(`${CONNECTIONS} connections, ${DURATION_S} s each after a ${WARMUP_S} s warm-up, median of ${ROUNDS} alternating rounds`);
  console.log(describe('bare Koa hello-world         ', baseline) + ` (rounds: ${baselineRounds.map((r) => Math.round(r.requests.average)).join(', ')})`);
  console.log(describe(`GET /api/medical-reports (${REPORTS})`, reports) + ` (rounds: ${reportRounds.map((r) => Math.round(r.requests.average)).join(', ')})`);
  console.log(
    `ratio medical-reports / hello-world: ${(share * 100).toFixed(1)}% (no goal); p99 ${reports.latency.p99} ms (goal <= ${GOAL_P99_MS} ms)${failed ? ', some requests failed' : ''}: ${met ? 'met' : 'MISSED'}`,
  );
  process.exitCode = met ? 0 : 1;
}

const role = process.argv[2];
if (role === 'hello' || role === 'medivault') {
  const served = await (role === 'hello' ? serveHelloWorld() : serveMedivault());
  process.stdout.write(`listening ${served.port}\n`);
  // Stops the embedded PostgreSQL too when this process started it.
  process.on('SIGTERM', () => void served.close().finally(() => process.exit(0)));
} else {
  await bench();
}
