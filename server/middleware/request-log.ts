import type { Next } from 'koa';
import type { AppContext } from '../context';
import { routePattern } from '../lib/route-pattern';

/**
 * One line per request, written when its answer is settled: method, route pattern (never the path with
 * its ids, never a query or a body), status, duration, request id and the kind of actor.
 */
export async function requestLog(ctx: AppContext, next: Next): Promise<void> {
  const started = performance.now();
  try {
    await next();
  } finally {
    ctx.deps.log.info(
      {
        requestId: ctx.state.requestId,
        method: ctx.method,
        route: routePattern(ctx),
        status: ctx.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        actor: ctx.state.actor.kind,
      },
      'request',
    );
  }
}
