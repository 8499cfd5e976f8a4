import { AsyncLocalStorage } from 'node:async_hooks';
import type { Knex } from 'knex';
import type { Middleware, Next } from 'koa';

/** The stages of a request worth telling apart when one is slow. */
type Stage = 'session' | 'audit';

/**
 * Where one request's time went: its stages, and the time its other database queries took (however many).
 * The parts do not overlap: a query sent during a stage is that stage's time, not `queryMs`. Each is wall
 * time: a stage run several times at once (a list that audits each patient it shows) or queries sent
 * side by side count the time any of them was under way, once. `poolWaitMs` stands apart: the time the
 * request waited for a pooled database connection, in a stage or not (a query's time starts once it has one).
 */
export interface RequestTiming {
  stagesMs: Partial<Record<Stage, number>>;
  queryMs: number;
  queries: number;
  poolWaitMs: number;
}

/** How many of one kind of work are under way, and since when the first of them has been. */
interface Span {
  open: number;
  since: number;
}

interface TimingState extends RequestTiming {
  /** Stages timing right now (a stage's own work, not the rest of the chain it wraps). */
  openStages: number;
  stageSpans: Partial<Record<Stage, Span>>;
  querySpan: Span;
  poolSpan: Span;
}

/** Opens one more of a span's works: the span's clock starts with the first. */
function openSpan(span: Span): void {
  if (span.open++ === 0) span.since = performance.now();
}

/** Closes one of a span's works: answers the span's time once the last one is done, else 0. */
function closeSpan(span: Span): number {
  return --span.open === 0 ? performance.now() - span.since : 0;
}

const current = new AsyncLocalStorage<TimingState>();

/** Runs `work` (a request) with its own timing, which the stages and queries it causes add to. */
export function timeRequest<T>(work: () => Promise<T>): { timing: RequestTiming; done: Promise<T> } {
  const timing: TimingState = { stagesMs: {}, queryMs: 0, queries: 0, poolWaitMs: 0, openStages: 0, stageSpans: {}, querySpan: { open: 0, since: 0 }, poolSpan: { open: 0, since: 0 } };
  return { timing, done: current.run(timing, work) };
}

function openStage(stage: Stage): void {
  const timing = current.getStore();
  if (!timing) return;
  timing.openStages += 1;
  openSpan((timing.stageSpans[stage] ??= { open: 0, since: 0 }));
}

function closeStage(stage: Stage): void {
  const timing = current.getStore();
  if (!timing) return;
  timing.openStages -= 1;
  timing.stagesMs[stage] = (timing.stagesMs[stage] ?? 0) + closeSpan(timing.stageSpans[stage]!);
}

/** Times `work` as `stage` of the request it runs in. */
export async function timeStage<T>(stage: Stage, work: () => Promise<T>): Promise<T> {
  openStage(stage);
  try {
    return await work();
  } finally {
    closeStage(stage);
  }
}

/** A middleware timed as `stage`: its own work before and after the rest of the chain, not the rest. */
export function timedMiddleware<C>(stage: Stage, middleware: Middleware<unknown, C>): Middleware<unknown, C> {
  return async (ctx, next: Next) => {
    openStage(stage);
    try {
      await middleware(ctx, async () => {
        closeStage(stage);
        try {
          await next();
        } finally {
          openStage(stage);
        }
      });
    } finally {
      closeStage(stage);
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
  const inFlight = new Map<string, TimingState>();
  knex.on('query', (query: { __knexQueryUid?: string }) => {
    const timing = current.getStore();
    if (!timing || timing.openStages || !query.__knexQueryUid) return;
    inFlight.set(query.__knexQueryUid, timing);
    openSpan(timing.querySpan);
  });
  const settled = (query: { __knexQueryUid?: string }) => {
    const timing = query.__knexQueryUid ? inFlight.get(query.__knexQueryUid) : undefined;
    if (!timing) return;
    inFlight.delete(query.__knexQueryUid!);
    timing.queryMs += closeSpan(timing.querySpan);
    timing.queries += 1;
  };
  knex.on('query-response', (_response: unknown, query: { __knexQueryUid?: string }) => settled(query));
  knex.on('query-error', (_error: unknown, query: { __knexQueryUid?: string }) => settled(query));
  timePoolWaitsOf(knex);
}

interface PoolEvents {
  on(event: 'acquireRequest' | 'acquireSuccess' | 'acquireFail', listener: (eventId: number) => void): void;
}

/** Adds the time each request waits for a connection from knex's pool (tarn's acquire events) to that request. */
function timePoolWaitsOf(knex: Knex): void {
  const pool = (knex.client as { pool?: PoolEvents }).pool;
  if (!pool) return;
  const waiting = new Map<number, TimingState>();
  pool.on('acquireRequest', (eventId) => {
    const timing = current.getStore();
    if (!timing) return;
    waiting.set(eventId, timing);
    openSpan(timing.poolSpan);
  });
  const acquired = (eventId: number) => {
    const timing = waiting.get(eventId);
    if (!timing) return;
    waiting.delete(eventId);
    timing.poolWaitMs += closeSpan(timing.poolSpan);
  };
  pool.on('acquireSuccess', acquired);
  pool.on('acquireFail', acquired);
}

const tenths = (ms: number) => Math.round(ms * 10) / 10;

/** The timing as a log line's fields, in milliseconds to a tenth. */
export function timingFields(timing: RequestTiming): Record<string, number> {
  const fields: Record<string, number> = { queries: timing.queries, queryMs: tenths(timing.queryMs), poolWaitMs: tenths(timing.poolWaitMs) };
  for (const [stage, ms] of Object.entries(timing.stagesMs)) fields[`${stage}Ms`] = tenths(ms);
  return fields;
}
