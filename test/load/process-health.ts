/**
 * What the server process and its database went through during one stretch of load: the event loop's
 * delay and garbage collection (the server's /metrics, whose delay histogram restarts at each scrape),
 * what PostgreSQL's connections were doing (pg_stat_activity, sampled), checkpoints, and the load
 * generator's own event-loop delay (a busy generator times its requests late).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Knex } from 'knex';

export interface ProcessHealth {
  /**
   * CPU each part used, in percent of one core: the machine has `os.cpus().length` of them. Null for a part
   * whose processes did not last the stretch (the database restarted in it): those counted at its start are gone.
   */
  cpu: { server: number | null; database: number | null; generator: number; cores: number };
  server: { eventLoopP99Ms: number; eventLoopMaxMs: number; gcPauses: number; gcTotalMs: number; gcPausesOver10Ms: number };
  generator: { eventLoopP99Ms: number; eventLoopMaxMs: number };
  database: {
    /** Connections of the app seen busy per sample, on average. */
    busyMean: number;
    /** What the busy connections were doing, as shares of all busy sightings, most common first. */
    doing: Array<{ what: string; share: number }>;
    checkpoints: number;
    /** WAL I/O by context (`init`: new segment files zero-filled; `normal`: commits' writes and flushes), from pg_stat_io. */
    wal: WalIo[];
  };
}

export interface WalIo {
  context: string;
  writes: number;
  writeMs: number;
  fsyncs: number;
  fsyncMs: number;
}

const SAMPLE_EVERY_MS = 100;

// A connection inside a transaction but idle is waiting for the app (its JavaScript, or the event loop) while it may hold locks.
const BUSY_CONNECTIONS = `select case when state = 'idle in transaction' then 'idle in transaction (waiting for the app)'
    else coalesce(wait_event_type || ':' || wait_event, 'running') end as what, count(*)::int as n
  from pg_stat_activity
  where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()
    and state in ('active', 'idle in transaction')
  group by 1`;

// Times need track_wal_io_timing (PostgreSQL 18 counts WAL in pg_stat_io; older servers answer nothing here).
const WAL_IO = `select context, sum(writes)::float8 as writes, sum(write_time)::float8 as "writeMs", sum(fsyncs)::float8 as fsyncs, sum(fsync_time)::float8 as "fsyncMs"
  from pg_stat_io where object = 'wal' group by context order by context`;

const CHECKPOINTS = 'select (num_timed + num_requested)::int as n from pg_stat_checkpointer';
const POSTMASTER_START = 'select pg_postmaster_start_time() as at';
const DATABASE_PROCESSES = 'select pid from pg_stat_activity where datname = current_database() or datname is null';

const TICKS_PER_SECOND = 100;

/** CPU seconds a process has used (user and system), from /proc; null once it is gone. */
async function cpuSecondsOf(pid: number): Promise<number | null> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // The fields after the command name (which may hold spaces) in parentheses: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields.length > 12 ? (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND : null;
}

/** Each process's CPU seconds so far (null for one that is gone). */
const cpuSecondsOfEach = (pids: number[]) => Promise.all(pids.map(cpuSecondsOf));

/** CPU seconds the processes used between two readings, over those alive at both (a connection may close in between). */
function usedBetween(before: (number | null)[], after: (number | null)[]): number {
  return before.reduce((sum: number, was, i) => (was === null || after[i] == null ? sum : sum + after[i]! - was), 0);
}

/** A metric's value in Prometheus' text format, summed over its label sets when `labels` is a filter. */
function metric(text: string, name: string, labels = ''): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || (line[name.length] !== ' ' && line[name.length] !== '{')) continue;
    if (labels && !line.includes(labels)) continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1)) || 0;
  }
  return sum;
}

const GC = 'medivault_nodejs_gc_duration_seconds';
const ms = (seconds: number) => Math.round(seconds * 10_000) / 10;

function walSince(before: WalIo[], after: WalIo[]): WalIo[] {
  const round = (n: number) => Math.round(n * 10) / 10;
  return after.map((row) => {
    const was = before.find((b) => b.context === row.context);
    const less = (key: 'writes' | 'writeMs' | 'fsyncs' | 'fsyncMs') => round(row[key] - (was?.[key] ?? 0));
    return { context: row.context, writes: less('writes'), writeMs: less('writeMs'), fsyncs: less('fsyncs'), fsyncMs: less('fsyncMs') };
  });
}

/** Starts watching; `stop()` ends the stretch and says what happened in it. */
export async function watchProcess(baseUrl: string, metricsToken: string, knex: Knex, serverPid: number): Promise<{ stop(): Promise<ProcessHealth> }> {
  const scrape = () => fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } }).then((r) => r.text());
  const checkpoints = async () => ((await knex.raw(CHECKPOINTS)).rows[0]?.n as number) ?? 0;
  const before = await scrape();
  const checkpointsBefore = await checkpoints();
  const walIo = async (): Promise<WalIo[]> => (await knex.raw(WAL_IO).catch(() => ({ rows: [] }))).rows;
  const walBefore = await walIo();
  // The database's processes: its background ones and the pool's connections, which live as long as the pool.
  const databasePids: number[] = (await knex.raw(DATABASE_PROCESSES)).rows.map((row: { pid: number }) => row.pid);
  const databaseStart = async () => String((await knex.raw(POSTMASTER_START).catch(() => null))?.rows[0]?.at);
  const databaseStartedAt = await databaseStart();
  const startedAt = performance.now();
  const cpuBefore = { server: await cpuSecondsOf(serverPid), database: await cpuSecondsOfEach(databasePids), generator: process.cpuUsage() };
  const generator = monitorEventLoopDelay({ resolution: 10 });
  generator.enable();

  const doing = new Map<string, number>();
  let samples = 0;
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(async () => {
      const rows: Array<{ what: string; n: number }> = (await knex.raw(BUSY_CONNECTIONS)).rows;
      samples += 1;
      for (const { what, n } of rows) doing.set(what, (doing.get(what) ?? 0) + n);
    }).catch(() => undefined);
  }, SAMPLE_EVERY_MS);

  return {
    async stop() {
      clearInterval(timer);
      await sampling;
      generator.disable();
      const seconds = (performance.now() - startedAt) / 1000;
      const share = (used: number) => Math.round((used / seconds) * 1000) / 10;
      const used = (before: number | null, after: number | null) => (before === null || after === null ? null : share(after - before));
      const generatorUsed = process.cpuUsage(cpuBefore.generator);
      const cpu = {
        server: used(cpuBefore.server, await cpuSecondsOf(serverPid)),
        // A restarted server's processes are not the ones counted at the start.
        database: (await databaseStart()) === databaseStartedAt ? share(usedBetween(cpuBefore.database, await cpuSecondsOfEach(databasePids))) : null,
        generator: share((generatorUsed.user + generatorUsed.system) / 1e6),
        cores: os.cpus().length,
      };
      const after = await scrape();
      const delta = (name: string, labels = '') => metric(after, name, labels) - metric(before, name, labels);
      const sightings = [...doing.values()].reduce((sum, n) => sum + n, 0);
      return {
        cpu,
        server: {
          eventLoopP99Ms: ms(metric(after, 'medivault_nodejs_eventloop_lag_p99_seconds')),
          eventLoopMaxMs: ms(metric(after, 'medivault_nodejs_eventloop_lag_max_seconds')),
          gcPauses: delta(`${GC}_count`),
          gcTotalMs: ms(delta(`${GC}_sum`)),
          gcPausesOver10Ms: delta(`${GC}_count`) - delta(`${GC}_bucket`, 'le="0.01"'),
        },
        generator: { eventLoopP99Ms: ms(generator.percentile(99) / 1e9), eventLoopMaxMs: ms(generator.max / 1e9) },
        database: {
          busyMean: samples ? Math.round((sightings / samples) * 100) / 100 : 0,
          doing: [...doing]
            .map(([what, n]) => ({ what, share: Math.round((n / sightings) * 1000) / 10 }))
            .sort((a, b) => b.share - a.share),
          checkpoints: (await checkpoints()) - checkpointsBefore,
          wal: walSince(walBefore, await walIo()),
        },
      };
    },
  };
}
