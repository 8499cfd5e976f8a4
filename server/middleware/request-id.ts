import { randomUUID } from 'node:crypto';
import type { Next } from 'koa';
import type { AppContext } from '../context';
import { ANONYMOUS } from '../policies/actor';

export async function requestId(ctx: AppContext, next: Next): Promise<void> {
  ctx.state.requestId = randomUUID();
  ctx.state.actor = ANONYMOUS;
  ctx.set('X-Request-Id', ctx.state.requestId);
  await next();
}
