import type { Logger } from 'pino';

const SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Runs `sweep` at start and every hour in a process that runs jobs (RUN_JOBS). A sweep works from what the
 * database says is due, so a missed or failed one is made up by the next; a failure is logged as `what`.
 */
export function startHourlySweep(sweep: () => Promise<unknown>, what: string, log: Logger): { stop(): void } {
  const run = () => sweep().catch((err: Error) => log.warn({ error: err.message }, `${what} failed; the next sweep retries`));
  void run();
  const timer = setInterval(run, SWEEP_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
