import type { Next } from 'koa';
import type { AppContext } from '../context';
import { AppError, Conflict, MalformedRequest, PayloadTooLarge, ServiceUnavailable, TooManyRequests, errorBody } from '../errors';
import { isDatabaseUnreachable } from '../lib/database-errors';
import { databaseAway } from '../services/database-outage';
import { isStripeError, paymentsUnavailable } from '../services/payments/gateway';
import { log } from '../log';
import { UNSTORABLE_TEXT_MESSAGE } from '../../common/schemas/helpers';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

interface PgError {
  code?: string;
  constraint?: string;
  table?: string;
}

/** Turns a unique violation on a known column into a 409 naming the field. */
function fromUniqueViolation(err: PgError): AppError | null {
  if (err.code !== '23505') return null;
  const constraint = err.constraint ?? '';
  for (const field of ['username', 'email', 'credential_id', 'meeting_room_id', 'endpoint']) {
    if (constraint.includes(field)) {
      const camel = field.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
      const label = field === 'username' ? 'Username' : field === 'email' ? 'Email' : camel;
      return new Conflict(`${label} is already in use.`, { [camel]: `${label} is already in use.` });
    }
  }
  return new Conflict('That record already exists.');
}


function translate(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (isDatabaseUnreachable(err)) return databaseAway();
  if (isStripeError(err)) return paymentsUnavailable();
  const httpErr = err as HttpLikeError;
  if (httpErr?.type === 'entity.too.large' || httpErr?.status === 413) return new PayloadTooLarge();
  if (httpErr?.type === 'entity.parse.failed' || (httpErr?.status === 400 && httpErr.expose)) {
    return new MalformedRequest('The request body is not valid JSON.');
  }
  // Objection wraps driver errors (UniqueViolationError...) and keeps the driver's in `nativeError`.
  const pg = ((err as { nativeError?: PgError })?.nativeError ?? err) as PgError;
  if (pg?.code === '23505') return fromUniqueViolation(pg);
  if (pg?.code === '23001' || pg?.code === '23503') return new Conflict('This record is still referenced by other records and cannot be removed.');
  // Last line of defence behind the schemas: values PostgreSQL cannot store are the request's fault.
  if (pg?.code === '22P02' || pg?.code === '22007' || pg?.code === '22008' || pg?.code === '22009') return new MalformedRequest('A value in the request has the wrong format.');
  if (pg?.code === '22021' || pg?.code === '22P05') return new MalformedRequest(UNSTORABLE_TEXT_MESSAGE);
  if (pg?.code === '22003') return new MalformedRequest('A number in the request is too large.');
  if (pg?.code === '23514' || pg?.code === '23502') return new MalformedRequest('A value in the request is not allowed.');
  return null;
}

/** Stripe's kind of failure, never its message (which may quote the request): an outage is a warning, a refused call a bug. */
function logStripeFailure(ctx: AppContext, { type, code, statusCode }: { type?: string; code?: string; statusCode?: number }): void {
  const outage = type === 'StripeConnectionError' || type === 'StripeAPIError' || type === 'StripeRateLimitError';
  log[outage ? 'warn' : 'error']({ requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, stripeType: type, stripeCode: code, stripeStatus: statusCode }, 'Stripe call failed');
}

/** One error shape everywhere: `{ code, message, fields?, details?, requestId }`. 5xx never carries internals. */
export async function errorHandler(ctx: AppContext, next: Next): Promise<void> {
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api')) {
      ctx.status = 404;
      ctx.body = { code: 'not_found', message: 'No such API endpoint.', requestId: ctx.state.requestId };
    }
    // The router answers a wrong method (405) or one it has never heard of (501, PROPFIND...) in plain text.
    if ((ctx.status === 405 || ctx.status === 501) && ctx.path.startsWith('/api')) {
      const allowed = ctx.response.get('Allow');
      // No Allow header: no route has this path at all.
      ctx.body = allowed
        ? { code: 'method_not_allowed', message: `This endpoint does not accept ${ctx.method}; use ${allowed.split(', ').join(' or ')}.`, requestId: ctx.state.requestId }
        : { code: 'not_found', message: 'No such API endpoint.', requestId: ctx.state.requestId };
      ctx.status = allowed ? 405 : 404;
    }
  } catch (err) {
    const known = translate(err);
    if (known) {
      ctx.status = known.status;
      if (isDatabaseUnreachable(err)) ctx.deps.databaseOutage.noteUnreachable(err);
      if (isStripeError(err)) logStripeFailure(ctx, err);
      if ((known instanceof TooManyRequests || known instanceof ServiceUnavailable) && known.retryAfterSeconds) ctx.set('Retry-After', String(known.retryAfterSeconds));
      ctx.body = { ...errorBody(known), requestId: ctx.state.requestId };
      return;
    }
    log.error({ requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, error: err instanceof Error ? `${err.name}: ${err.message}\n${err.stack}` : String(err) }, 'request failed');
    ctx.status = 500;
    ctx.body = { code: 'internal_error', message: 'Something went wrong on our side. Please try again; quote this request id if it keeps happening.', requestId: ctx.state.requestId };
  }
}

/** A client that closes the connection while its response is still being sent (a page left mid-download). */
const CLIENT_WENT_AWAY = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/**
 * Koa's report for errors that reach no middleware: a failing response stream after its headers went
 * out. A client going away is routine and not logged; anything else is logged as one structured line
 * (message and code, never the request), instead of Koa's stack trace on stderr.
 */
export function reportUnhandledError(err: Error & { code?: string; status?: number; expose?: boolean }): void {
  if (err.status === 404 || err.expose || CLIENT_WENT_AWAY.has(err.code ?? '') || err.message === 'aborted') return;
  log.error({ error: err.message, code: err.code }, 'response failed after it started');
}
