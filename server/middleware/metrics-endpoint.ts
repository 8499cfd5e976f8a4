import { createHash, timingSafeEqual } from 'node:crypto';
import type { Next } from 'koa';
import type { AppContext } from '../context';
import { NotFound, Unauthenticated } from '../errors';

export const METRICS_PATH = '/metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics in Prometheus's text format, for a scraper holding METRICS_TOKEN as a Bearer token.
 * Without a token configured the endpoint does not exist (404); a missing or wrong token gets 401.
 */
export function metricsEndpoint(token: string | undefined) {
  const expected = token ? digest(token) : null;
  return async (ctx: AppContext, next: Next): Promise<void> => {
    if (ctx.path !== METRICS_PATH || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    ctx.state.route = METRICS_PATH;
    if (!expected) throw new NotFound();
    const presented = /^Bearer (.+)$/.exec(ctx.get('Authorization'))?.[1];
    if (!presented || !timingSafeEqual(digest(presented), expected)) {
      ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new Unauthenticated('The metrics need the Bearer token set in METRICS_TOKEN.');
    }
    const { registry } = ctx.deps.metrics;
    ctx.set('Cache-Control', 'no-store');
    ctx.type = registry.contentType;
    ctx.body = await registry.metrics();
  };
}
