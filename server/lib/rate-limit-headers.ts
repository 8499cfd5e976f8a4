import type { Context } from 'koa';

/**
 * The common `RateLimit-*` trio plus `RateLimit-Policy: <limit>;w=<window seconds>` (the IETF httpapi draft's
 * earlier shape, as express-rate-limit's 'draft-6' sends it).
 */
export function setRateLimitHeaders(ctx: Context, limit: { max: number; windowMs: number; used: number; resetSeconds: number }): void {
  ctx.set('RateLimit-Policy', `${limit.max};w=${Math.round(limit.windowMs / 1000)}`);
  ctx.set('RateLimit-Limit', String(limit.max));
  ctx.set('RateLimit-Remaining', String(Math.max(0, limit.max - limit.used)));
  ctx.set('RateLimit-Reset', String(limit.resetSeconds));
}

/** 'N seconds' under two minutes, else 'N minutes' (rounded up), for a 429's message. */
export function waitInWords(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
