import type { Next } from 'koa';
import type { AppContext } from '../context';
import { assertBoundedJson } from '../lib/json-shape';

/** A parsed JSON body with too many keys or too deep is refused (413) before any route or validation sees it. */
export async function refuseUnboundedJson(ctx: AppContext, next: Next): Promise<void> {
  assertBoundedJson((ctx.request as { body?: unknown }).body);
  await next();
}
