import type { Logger } from 'pino';
import type { App } from './app';
import type { AppServer } from './http-server';
import type { Database } from '../db/connection';

/** What a running server is made of, in the order it started. */
interface RunningServer {
  app: App;
  server: AppServer;
  /** Socket.IO and its media (signalling/, started by main.ts): shutting down only closes it. */
  signalling: { close(): Promise<void> };
  db: Database;
}

/**
 * The same signal delivered twice at once is one request to stop: a signal sent to npm's process group
 * reaches the server both directly and forwarded by npm.
 */
const SAME_SIGNAL_WINDOW_MS = 1000;
/** How long closing sockets, jobs and the database may take once requests are done or cut, before the process gives up on them. */
const CLOSE_BOUND_MS = 15_000;

/**
 * Shuts down in order: stops taking connections and answers not-ready, lets requests in flight finish
 * (at most `graceMs`) and cuts the rest, disconnects Socket.IO clients, stops background jobs and the
 * document threads, closes the database pool and stops the embedded PostgreSQL if this process started
 * it, then exits 0. A second signal exits at once (1), telling an embedded PostgreSQL to shut down fast.
 */
async function shutDown(running: RunningServer, graceMs: number, log: Logger): Promise<void> {
  const { app, server, signalling, db } = running;
  app.deps.shutdown.begin();
  const { cut } = await server.drain(graceMs);
  log.info({ requestsCut: cut }, cut ? 'requests still running after the grace period were cut' : 'requests in flight finished');
  await signalling.close();
  await app.close();
  await db.close();
}

export function shutDownOnSignals(running: RunningServer, graceMs: number, log: Logger): void {
  let firstAt: number | null = null;
  const exitNow = (code: number) => {
    running.db.stopNow();
    process.exit(code);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstAt !== null) {
      if (Date.now() - firstAt < SAME_SIGNAL_WINDOW_MS) return;
      log.warn({ signal }, 'second signal: exiting at once');
      return exitNow(1);
    }
    firstAt = Date.now();
    log.info({ signal, graceMs }, 'shutting down');
    setTimeout(() => {
      log.error('shutdown did not finish in time: exiting');
      exitNow(1);
    }, graceMs + CLOSE_BOUND_MS).unref();
    shutDown(running, graceMs, log).then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        log.error({ error: err instanceof Error ? err.message : String(err) }, 'shutdown failed');
        exitNow(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
