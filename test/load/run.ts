/**
 * `npm run load`: a clinic's day on this machine against a real server process (`npm start`'s entry)
 * and its own embedded PostgreSQL: 200 patients, 20 doctors and 10 live calls for LOAD_SECONDS (120 by
 * default); then the same clinic with think times halved step by step (LOAD_STEP_SECONDS each) until a
 * goal is missed (or, if the day itself missed one, doubled until all are met), which finds the rate it
 * sustains; then a day with PostgreSQL restarted in the middle;
 * then a day on two processes sharing Redis, with Redis restarted and then one process killed.
 * Prints throughput, p50/p95/p99 per route and socket event, errors and the write check, and writes them
 * to .data-load/figures.json.
 * Not part of `npm test` (its 30-second smoke version, test/load/smoke.test.ts, is).
 */
import '../../server/runtime/short-gc-pauses';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { Model } from 'objection';
import { migrateToLatest } from '../../db/connection';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../db/embedded';
import { startServerProcess } from '../support/server-process';
import { ROOT } from '../support/test-database';
import { runClinicDay, type ClinicDayReport } from './clinic-day';
import type { LatencyRow } from './latency';
import { watchProcess, type ProcessHealth, type WalIo } from './process-health';
import { ServerRequestLog, slowRequestStages, type SlowRequestStages } from './server-requests';
import { openClinic } from './clinic';
import { REJOIN_GOAL_MS, runProcessFaults } from './faults';
import { describeMachine } from '../support/machine';
import { recordRun } from './run-history';
import { testKnexConfig } from '../support/db';

const DATA_DIR = path.join(ROOT, '.data-load');
const PG_PORT = Number(process.env.LOAD_PG_PORT ?? 54389);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 120);
const STEP_SECONDS = Number(process.env.LOAD_STEP_SECONDS ?? 20);
const BUSIER = [2, 4, 8, 16, 32];
const LIGHTER = [1 / 2, 1 / 4, 1 / 8];
const SIZE = { patients: 200, doctors: 20, calls: 10 };
const THINK_MS: [number, number] = [1000, 3000];
const GOAL_P99_MS = { rest: 100, socket: 50 };
const RESTART_AFTER_MS = 10_000;
const OUTAGE_MS = 3000;
const METRICS_TOKEN = randomBytes(16).toString('hex');

/** A p99 needs enough samples to mean anything: a route or event with fewer is judged on its p95, and says so. */
const MIN_SAMPLES_FOR_P99 = 100;

const judged = (row: LatencyRow) => (row.count >= MIN_SAMPLES_FOR_P99 ? { percentile: 'p99', ms: row.p99 } : { percentile: 'p95', ms: row.p95 });
const goalOf = (row: LatencyRow) => (row.name.startsWith('socket') ? GOAL_P99_MS.socket : GOAL_P99_MS.rest);

interface DiagnosedDay extends ClinicDayReport {
  stages: SlowRequestStages[];
  health: ProcessHealth;
}

function printReport(title: string, report: ClinicDayReport & Partial<Pick<DiagnosedDay, 'stages' | 'health'>>): void {
  process.stdout.write(`\n${title}: ${report.requestsPerSecond} requests and events/s over ${report.seconds.toFixed(0)} s, ${report.unavailable} answered 503, ${report.errors} errors\n`);
  process.stdout.write(`${'route or event'.padEnd(44)} ${'count'.padStart(7)} ${'503'.padStart(6)} ${'errors'.padStart(7)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)}\n`);
  for (const row of report.rows) {
    const scarce = row.count < MIN_SAMPLES_FOR_P99 ? `  (fewer than ${MIN_SAMPLES_FOR_P99} samples: judged on p95)` : '';
    process.stdout.write(`${row.name.padEnd(44)} ${String(row.count).padStart(7)} ${String(row.unavailable).padStart(6)} ${String(row.errors).padStart(7)} ${row.p50.toFixed(1).padStart(7)} ${row.p95.toFixed(1).padStart(7)} ${row.p99.toFixed(1).padStart(7)}${scarce}\n`);
  }
  const { acknowledged } = report;
  process.stdout.write(
    `acknowledged: ${acknowledged.medications} medications, ${acknowledged.appointments} appointments, ${acknowledged.statusChanges} status changes, ${acknowledged.chatLines} chat lines; ` +
      `write check: ${report.discrepancies.length ? report.discrepancies.join('; ') : 'every one stored exactly once, with its audit row'}\n`,
  );
  if (report.stages && report.health) printDiagnosis(report.stages, report.health);
}

function missedGoals(report: ClinicDayReport): string[] {
  const missed = report.rows.filter((row) => judged(row).ms > goalOf(row)).map((row) => `${row.name} ${judged(row).percentile} ${judged(row).ms} ms`);
  if (report.errors + report.unavailable) missed.push(`${report.errors + report.unavailable} errors`);
  return [...missed, ...report.discrepancies];
}

/** A part's CPU when its processes did not last the stretch. */
const NOT_COUNTED = 'not counted (restarted in the stretch)';

function printDiagnosis(stages: SlowRequestStages[], health: ProcessHealth): void {
  process.stdout.write(`where the slowest 1% of each route's and socket event's requests spent their time, by the server's log (means, ms; 'pool wait' is the wait for a database connection, inside the other columns):\n`);
  process.stdout.write(`${'route'.padEnd(44)} ${'server p99'.padStart(10)} ${'n'.padStart(4)} ${'total'.padStart(7)} ${'session'.padStart(8)} ${'audit'.padStart(7)} ${'queries'.padStart(8)} ${'in them'.padStart(8)} ${'other'.padStart(7)} ${'pool wait'.padStart(9)}\n`);
  for (const row of stages) {
    process.stdout.write(
      `${row.name.padEnd(44)} ${row.serverP99.toFixed(1).padStart(10)} ${String(row.slowest).padStart(4)} ${row.durationMs.toFixed(1).padStart(7)} ${row.sessionMs.toFixed(1).padStart(8)} ${row.auditMs.toFixed(1).padStart(7)} ${row.queries.toFixed(1).padStart(8)} ${row.queryMs.toFixed(1).padStart(8)} ${row.otherMs.toFixed(1).padStart(7)} ${row.poolWaitMs.toFixed(1).padStart(9)}\n`,
    );
  }
  const { cpu, server, generator, database } = health;
  process.stdout.write(`CPU, in % of one core of ${cpu.cores}: server ${cpu.server ?? NOT_COUNTED}, PostgreSQL ${cpu.database ?? NOT_COUNTED}, load generator ${cpu.generator}\n`);
  process.stdout.write(
    `server event loop delay p99 ${server.eventLoopP99Ms} ms (max ${server.eventLoopMaxMs}); GC ${server.gcPauses} pauses, ${server.gcTotalMs} ms in all, ${server.gcPausesOver10Ms} over 10 ms; ` +
      `load generator's event loop delay p99 ${generator.eventLoopP99Ms} ms (max ${generator.eventLoopMaxMs})\n` +
      `PostgreSQL: ${database.busyMean} of the app's connections busy on average, doing: ${database.doing.map((d) => `${d.what} ${d.share}%`).join(', ') || 'nothing seen'}; ${database.checkpoints} checkpoints\n` +
      `WAL I/O: ${database.wal.map(walLine).join('; ') || 'not counted by this PostgreSQL'}\n`,
  );
}

function walLine(io: WalIo): string {
  const mean = (ms: number, n: number) => (n ? (ms / n).toFixed(2) : '0');
  return `${io.context} ${io.writes} writes (${io.writeMs} ms, ${mean(io.writeMs, io.writes)} each), ${io.fsyncs} flushes (${io.fsyncMs} ms, ${mean(io.fsyncMs, io.fsyncs)} each)`;
}

async function main(): Promise<void> {
  let database: EmbeddedDatabase = await startEmbeddedPostgres(DATA_DIR, PG_PORT);
  const owner = knexFactory(testKnexConfig(database.url, { min: 0, max: 4 }));
  Model.knex(owner);
  await migrateToLatest(owner);
  // The diagnosis times PostgreSQL's WAL writes and flushes (its own server: the setting stays in .data-load).
  await owner.raw('alter system set track_wal_io_timing = on');
  await owner.raw('select pg_reload_conf()');
  // Logged at info, as in production: every request's line, which says where its time went.
  const server = await startServerProcess({ DATABASE_URL: database.url, RUN_JOBS: 'true', LOG_LEVEL: 'info', METRICS_TOKEN });
  const requests = new ServerRequestLog(server.child.stdout!);
  try {
    const clinic = await openClinic(server.url, SIZE);
    const day = async (durationMs: number, thinkMs: [number, number], during?: (until: number) => Promise<void>): Promise<DiagnosedDay> => {
      const started = Date.now();
      const watch = await watchProcess(server.url, METRICS_TOKEN, owner, server.child.pid!);
      const report = await runClinicDay(owner, clinic, { baseUrl: server.url, durationMs, thinkMs, during });
      return { ...report, health: await watch.stop(), stages: slowRequestStages(requests.since(started)) };
    };
    const steady = await day(SECONDS * 1000, THINK_MS);
    printReport('A clinic day', steady);

    // Busier steps after a day that met the goals, until one misses; lighter ones after a day that missed, until one meets them.
    const steadyMet = !missedGoals(steady).length;
    let sustained = steadyMet ? steady : null;
    for (const divisor of steadyMet ? BUSIER : LIGHTER) {
      const step = await day(STEP_SECONDS * 1000, [THINK_MS[0] / divisor, THINK_MS[1] / divisor]);
      printReport(`Think times ${divisor > 1 ? `divided by ${divisor}` : `multiplied by ${1 / divisor}`}`, step);
      const met = !missedGoals(step).length;
      if (met) sustained = step;
      if (met !== steadyMet) break;
    }

    const restart = async (until: number) => {
      await new Promise((r) => setTimeout(r, Math.min(RESTART_AFTER_MS, (until - Date.now()) / 3)));
      await database.stop();
      await new Promise((r) => setTimeout(r, OUTAGE_MS));
      database = await startEmbeddedPostgres(DATA_DIR, PG_PORT);
    };
    const faulted = await day(Math.max(30, SECONDS / 2) * 1000, THINK_MS, restart);
    printReport(`The same day with PostgreSQL stopped for ${OUTAGE_MS / 1000} s`, faulted);
    const slowest = Math.max(...faulted.rows.map((row) => row.p99));
    const processFaults = await runProcessFaults(owner, database.url);
    printReport('A day on two processes with Redis restarted, then one process killed', processFaults.day);
    process.stdout.write(
      `Redis restart: chat crossed the processes again after ${processFaults.redisRestart.chatBackAfterMs ?? 'never'} ms; ` +
        `process killed: ${processFaults.processKill.socketsRejoined} of ${processFaults.processKill.socketsMoved} sockets rejoined through the other, the slowest after ${processFaults.processKill.slowestRejoinMs ?? '-'} ms ` +
        `(goal ${REJOIN_GOAL_MS} ms), chat back after ${processFaults.processKill.chatBackAfterMs ?? 'never'} ms\n`,
    );
    const sustainedRate = sustained?.requestsPerSecond ?? 0;
    process.stdout.write(`\nsustained within the goals: ${sustainedRate} requests and events/s (${(sustainedRate / os.cpus().length).toFixed(1)} per core)\n`);

    // The p99 goals hold at the rate found above; the run fails on any error, lost or doubled write, a fault
    // not survived, or no rate at which the goals hold.
    const missed = [...(steady.errors + steady.unavailable ? [`${steady.errors + steady.unavailable} errors in the clinic day`] : []), ...steady.discrepancies];
    if (!sustained) missed.push('no rate at which every p99 met its goal');
    const figures = {
      machine: describeMachine(),
      date: new Date().toISOString(),
      size: SIZE,
      steady,
      sustained: { requestsPerSecond: sustainedRate, perCore: Math.round((sustainedRate / os.cpus().length) * 10) / 10, rows: sustained?.rows ?? [], stages: sustained?.stages ?? [], health: sustained?.health },
      postgresRestart: { unavailable: faulted.unavailable, errors: faulted.errors, slowestP99Ms: slowest, discrepancies: faulted.discrepancies },
      redisRestart: processFaults.redisRestart,
      processKill: processFaults.processKill,
    };
    await fs.mkdir(DATA_DIR, { recursive: true });
    await fs.writeFile(path.join(DATA_DIR, 'figures.json'), `${JSON.stringify(figures, null, 2)}\n`);
    process.stdout.write(`\nfigures written to ${path.relative(ROOT, path.join(DATA_DIR, 'figures.json'))}\n`);
    if (faulted.errors) missed.push(`${faulted.errors} errors other than a fast 503 around the restart`);
    if (faulted.discrepancies.length) missed.push(...faulted.discrepancies.map((text) => `after the restart: ${text}`));
    missed.push(...processFaults.problems);
    process.stdout.write(`${await recordRun(DATA_DIR, { date: figures.date, sustainedPerSecond: sustainedRate, passed: !missed.length })}\n`);
    process.stdout.write(
      missed.length
        ? `load run failed: ${missed.join('; ')}\n`
        : `load run passed: 0 errors, every acknowledged write stored exactly once, faults survived, every p99 within its goal at ${sustainedRate} requests and events/s\n`,
    );
    process.exitCode = missed.length ? 1 : 0;
  } finally {
    await server.stop();
    await owner.destroy();
    await database.stop();
  }
}

void main();
