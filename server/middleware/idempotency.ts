import { createHash } from 'node:crypto';
import type { Next } from 'koa';
import type { AppContext } from '../context';
import type { Actor } from '../policies/actor';
import { Conflict, Unprocessable, ValidationFailed } from '../errors';
import { isDatabaseUnreachable } from '../lib/database-errors';
import { answerToKeep, claimKey, markApplied, purgeExpiredKeys, releaseKey, storeAnswer } from '../services/idempotency';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY_PATTERN = /^[\x21-\x7e]{8,255}$/;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Sign-in, sign-up and the like run without an actor and answer with a session cookie, which a stored
 * answer must never hand out again: their requests are run as they come, key or not.
 */
function scopeOf(actor: Actor): string | null {
  if (actor.kind === 'doctor') return `doctor:${actor.doctorId}`;
  if (actor.kind === 'guest') return `guest:${actor.guestId}`;
  if (actor.kind === 'anonymous') return null;
  return `user:${actor.userId}`;
}

/** The same key sent with another method, path or body is a client bug, not a retry. */
function fingerprintOf(ctx: AppContext): string {
  const body = ctx.request.body === undefined ? `length:${ctx.get('Content-Length')}` : JSON.stringify(ctx.request.body);
  return createHash('sha256').update(`${ctx.method} ${ctx.path}\n${body}`).digest('base64url');
}

function isStorable(ctx: AppContext): boolean {
  const { body } = ctx;
  const isJson = body === null || body === undefined || (typeof body === 'object' && !Buffer.isBuffer(body) && typeof (body as { pipe?: unknown }).pipe !== 'function');
  return ctx.status >= 200 && ctx.status < 300 && isJson;
}

/**
 * `Idempotency-Key` on any state-changing API request: the first successful answer for a caller's key is
 * kept for a day and returned, with `Idempotent-Replayed: true`, to every retry, which changes nothing. A
 * retry while the first request still runs answers 409; the key reused for a different request, 422.
 * Failed requests change nothing and keep nothing, so their retry runs afresh; an answer holding a secret
 * (a route's `answerHoldsSecrets`) is never kept, its retry is told the request was carried out. The answer is kept by the
 * write's own transaction where the route gives it (auditedWrite), so that a write committed just before
 * the process or PostgreSQL died is still answered, never repeated; otherwise it is kept here, after.
 */
export async function honourIdempotencyKeys(ctx: AppContext, next: Next): Promise<void> {
  const key = ctx.get(IDEMPOTENCY_HEADER);
  if (!key || !STATE_CHANGING.has(ctx.method) || !ctx.path.startsWith('/api/')) return next();
  if (!KEY_PATTERN.test(key)) {
    throw new ValidationFailed(`${IDEMPOTENCY_HEADER} must be 8 to 255 visible ASCII characters; a UUID is a good choice.`);
  }
  const scope = scopeOf(ctx.state.actor);
  if (!scope) return next();

  const { knex, config } = ctx.deps;
  const claim = await claimKey(knex, scope, key, fingerprintOf(ctx), 2 * config.http.requestTimeoutMs);
  if (claim.kind === 'in-progress') {
    ctx.set('Retry-After', '1');
    throw new Conflict(`A request with this ${IDEMPOTENCY_HEADER} is still being processed. Retry in a moment.`);
  }
  if (claim.kind === 'different-request') {
    throw new Unprocessable(`This ${IDEMPOTENCY_HEADER} was already used for a different request. Send a new key with a new request.`);
  }
  if (claim.kind === 'applied') {
    throw new Conflict(`A request with this ${IDEMPOTENCY_HEADER} was already carried out, but its answer was not kept. Look at the result (for example, list the records) instead of retrying.`);
  }
  if (claim.kind === 'replay') {
    ctx.body = claim.answer.body;
    ctx.status = claim.answer.status;
    for (const [name, value] of Object.entries(claim.answer.headers)) ctx.set(name, value);
    ctx.set('Idempotent-Replayed', 'true');
    return;
  }

  const claimed = { scope, key, completed: false };
  ctx.state.idempotencyKey = claimed;
  const release = () => releaseKey(knex, scope, key);
  try {
    await next();
  } catch (err) {
    try {
      await release();
    } catch (releaseErr) {
      // Left pending, the key would turn the client's retries away until it counts as abandoned.
      if (!isDatabaseUnreachable(releaseErr)) throw releaseErr;
      ctx.deps.databaseOutage.whenReachable(releaseErr, release);
    }
    throw err;
  }
  if (!isStorable(ctx)) {
    await release();
    return;
  }
  try {
    if (ctx.state.answerHoldsSecrets) await markApplied(knex, scope, key);
    else if (!claimed.completed) await storeAnswer(knex, scope, key, answerToKeep(ctx, ctx.status, ctx.body));
    await purgeExpiredKeys(knex);
  } catch (err) {
    // The write itself committed: answering 503 now would send the client to retry. Its true answer goes
    // out; a write's transaction has completed the key already, any other key is released as abandoned later.
    if (!isDatabaseUnreachable(err)) throw err;
    ctx.deps.databaseOutage.noteUnreachable(err);
  }
}
