import { AsyncLocalStorage } from 'node:async_hooks';
import type { Knex } from 'knex';
import type { Middleware, Next } from 'koa';

/** The stages of a request worth telling apart when one is slow. */
export type Stage = 'session' | 'audit';

/**
 * Where one request's time went: its stages, and the time its other database queries took (however many).
 * The parts do not overlap: a query sent during a stage is that stage's time, not `queryMs`.
 */
export interface RequestTiming {
  stagesMs: Partial<Record<Stage, number>>;
  queryMs: number;
  queries: number;
}

interface TimingState extends RequestTiming {
  /** Stages timing right now (a stage's own work, not the rest of the chain it wraps). */
  openStages: number;
}

const current = new AsyncLocalStorage<TimingState>();

/** Runs `work` (a request) with its own timing, which the stages and queries it causes add to. */
export function timeRequest<T>(work: () => Promise<T>): { timing: RequestTiming; done: Promise<T> } {
  const timing: TimingState = { stagesMs: {}, queryMs: 0, queries: 0, openStages: 0 };
  return { timing, done: current.run(timing, work) };
}

function openStage(): void {
  const timing = current.getStore();
  if (timing) timing.openStages += 1;
}

function closeStage(stage: Stage, ms: number): void {
  const timing = current.getStore();
  if (!timing) return;
  timing.openStages -= 1;
  timing.stagesMs[stage] = (timing.stagesMs[stage] ?? 0) + ms;
}

/** Times `work` as `stage` of the request it runs in. */
export async function timeStage<T>(stage: Stage, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  openStage();
  try {
    return await work();
  } finally {
    closeStage(stage, performance.now() - started);
  }
}

/** A middleware timed as `stage`: its own work before and after the rest of the chain, not the rest. */
export function timedMiddleware<C>(stage: Stage, middleware: Middleware<unknown, C>): Middleware<unknown, C> {
  return async (ctx, next: Next) => {
    let since = performance.now();
    openStage();
    try {
      await middleware(ctx, async () => {
        closeStage(stage, performance.now() - since);
        try {
          await next();
        } finally {
          since = performance.now();
          openStage();
        }
      });
    } finally {
      closeStage(stage, performance.now() - since);
    }
  };
}

const watched = new WeakSet<Knex>();

/**
 * Adds every query's time to the request that sent it, unless a stage of that request sent it (the
 * stage's time holds it already). The request is the one current when knex emits
 * 'query' (in the caller's chain); the answer may arrive in the connection's context, so it is found again
 * by the query's id.
 */
export function timeQueriesOf(knex: Knex): void {
  if (watched.has(knex)) return;
  watched.add(knex);
  const inFlight = new Map<string, { timing: RequestTiming; started: number }>();
  knex.on('query', (query: { __knexQueryUid?: string }) => {
    const timing = current.getStore();
    if (timing && !timing.openStages && query.__knexQueryUid) inFlight.set(query.__knexQueryUid, { timing, started: performance.now() });
  });
  const settled = (query: { __knexQueryUid?: string }) => {
    const sent = query.__knexQueryUid ? inFlight.get(query.__knexQueryUid) : undefined;
    if (!sent) return;
    inFlight.delete(query.__knexQueryUid!);
    sent.timing.queryMs += performance.now() - sent.started;
    sent.timing.queries += 1;
  };
  knex.on('query-response', (_response: unknown, query: { __knexQueryUid?: string }) => settled(query));
  knex.on('query-error', (_error: unknown, query: { __knexQueryUid?: string }) => settled(query));
}

const tenths = (ms: number) => Math.round(ms * 10) / 10;

/** The timing as a log line's fields, in milliseconds to a tenth. */
export function timingFields(timing: RequestTiming): Record<string, number> {
  const fields: Record<string, number> = { queries: timing.queries, queryMs: tenths(timing.queryMs) };
  for (const [stage, ms] of Object.entries(timing.stagesMs)) fields[`${stage}Ms`] = tenths(ms);
  return fields;
}
