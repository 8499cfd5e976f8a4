import type { Next } from 'koa';
import type { AppContext } from '../context';
import { routePattern } from '../lib/route-pattern';
import { timeRequest, timingFields } from '../lib/request-timing';

/**
 * When a request's answer is settled: one log line (method, route pattern, status, duration, request id,
 * kind of actor, where the time went: the session (with its actor), the audit row and database queries; never the path with its
 * ids, a query or a body) and the request metrics.
 */
export async function observeRequest(ctx: AppContext, next: Next): Promise<void> {
  const started = performance.now();
  const { timing, done } = timeRequest(next);
  try {
    await done;
  } finally {
    const outcome = { method: ctx.method, route: routePattern(ctx), status: ctx.status, durationMs: Math.round((performance.now() - started) * 10) / 10 };
    ctx.deps.log.info({ requestId: ctx.state.requestId, ...outcome, actor: ctx.state.actor.kind, ...timingFields(timing) }, 'request');
    ctx.deps.metrics.recordRequest(outcome);
  }
}
