import type { Next } from 'koa';
import type { AppContext } from '../context';
import { routePattern } from '../lib/route-pattern';

/**
 * When a request's answer is settled: one log line (method, route pattern, status, duration, request id,
 * kind of actor; never the path with its ids, a query or a body) and the request metrics.
 */
export async function observeRequest(ctx: AppContext, next: Next): Promise<void> {
  const started = performance.now();
  try {
    await next();
  } finally {
    const outcome = { method: ctx.method, route: routePattern(ctx), status: ctx.status, durationMs: Math.round((performance.now() - started) * 10) / 10 };
    ctx.deps.log.info({ requestId: ctx.state.requestId, ...outcome, actor: ctx.state.actor.kind }, 'request');
    ctx.deps.metrics.recordRequest(outcome);
  }
}
