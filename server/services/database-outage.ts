import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { describeDatabaseError } from '../lib/database-errors';
import { ServiceUnavailable } from '../errors';

/** What a request answers while PostgreSQL is away: try again in this many seconds. */
const DATABASE_RETRY_AFTER_SECONDS = 5;
const PROBE_EVERY_MS = 1000;

/** What a request (REST or socket) is told while PostgreSQL is away. */
export function databaseAway(): ServiceUnavailable {
  return new ServiceUnavailable('The service cannot reach its database right now. Please try again in a few seconds.', DATABASE_RETRY_AFTER_SECONDS);
}

/**
 * PostgreSQL going away: the first request that finds it unreachable logs one line and starts a probe
 * (`select 1` every second) that logs once more when it answers again. Requests in between answer 503
 * without a line each, and need nothing to recover: the pool opens new connections once it is back.
 */
export class DatabaseOutage {
  private since: number | null = null;
  private probe: NodeJS.Timeout | null = null;
  private afterwards: Array<() => Promise<unknown>> = [];

  constructor(
    private readonly knex: Knex,
    private readonly log: Logger,
  ) {}

  noteUnreachable(err: unknown): void {
    if (this.since !== null) return;
    this.since = Date.now();
    this.log.error({ error: describeDatabaseError(err) }, 'database unreachable: requests answer 503 until it is back');
    this.probe = setInterval(() => void this.lookAgain(), PROBE_EVERY_MS);
    this.probe.unref();
  }

  private async lookAgain(): Promise<void> {
    try {
      await this.knex.raw('select 1');
    } catch {
      return;
    }
    if (this.since === null) return;
    this.log.info({ outageMs: Date.now() - this.since }, 'database reachable again');
    this.stop();
    const tasks = this.afterwards.splice(0);
    const failed = (await Promise.allSettled(tasks.map((task) => task()))).filter((outcome) => outcome.status === 'rejected').length;
    if (failed) this.log.warn({ failed, tasks: tasks.length }, 'clean-up after the outage did not finish');
  }

  /** Clean-up that needs the database (such as freeing what a failed request held), run once it is back. */
  whenReachable(err: unknown, task: () => Promise<unknown>): void {
    this.noteUnreachable(err);
    this.afterwards.push(task);
  }

  stop(): void {
    if (this.probe) clearInterval(this.probe);
    this.probe = null;
    this.since = null;
  }
}
