import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import type { Config, RequestLimit } from '../config';
import type { AppContext } from '../context';
import { TooManyRequests } from '../errors';
import { addressGroup } from '../lib/address-group';
import { setRateLimitHeaders } from '../lib/rate-limit-headers';
import { actorId } from '../policies/actor';

type Bucket = keyof Config['requestLimits'];

const MESSAGES: Record<Bucket, string> = {
  signup: 'Too many sign-ups from this network.',
  passkeyOptions: 'Too many biometric sign-in requests from this network.',
  passwordReset: 'Too many password reset requests from this network.',
  guestJoin: 'Too many guest link attempts from this network.',
  sharedLink: 'Too many shared link requests from this network.',
  supportRequest: 'Too many support requests from this account.',
};

/**
 * Counts one request against its bucket and address in a single upsert (the window restarts once it is
 * over), so parallel requests on several processes count exactly. Answers the count so far and the
 * seconds left in the window (as of the clock when the row was reached: a parallel request that set the
 * window after this statement began would otherwise leave more than the whole window).
 */
async function countRequest(knex: Knex, bucket: Bucket, key: string, windowMs: number): Promise<{ count: number; secondsLeft: number }> {
  const windowLength = `${windowMs} milliseconds`;
  const { rows } = await knex.raw<{ rows: Array<{ count: number; seconds_left: string }> }>(
    `INSERT INTO request_limits AS r (bucket, key, window_start, count) VALUES (?, ?, now(), 1)
     ON CONFLICT (bucket, key) DO UPDATE SET
       window_start = CASE WHEN r.window_start <= now() - ?::interval THEN now() ELSE r.window_start END,
       count = CASE WHEN r.window_start <= now() - ?::interval THEN 1 ELSE r.count + 1 END
     RETURNING r.count, extract(epoch FROM r.window_start + ?::interval - clock_timestamp()) AS seconds_left`,
    [bucket, key, windowLength, windowLength, windowLength],
  );
  const row = rows[0]!;
  return { count: row.count, secondsLeft: Math.max(1, Math.ceil(Number(row.seconds_left))) };
}

/** Rows of windows long over are deleted at most this often per process, piggy-backing on requests. */
const PURGE_EVERY_MS = 10 * 60_000;
let lastPurge = 0;

async function purgeOldWindows(knex: Knex, limits: Config['requestLimits']): Promise<void> {
  if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
  lastPurge = Date.now();
  const longest = Math.max(...Object.values(limits).map((limit: RequestLimit) => limit.windowMs));
  await knex('request_limits').where('windowStart', '<=', new Date(Date.now() - longest)).delete();
}

/** Marks a request limit among a route's `before` middleware, with its refusal and what it counts by, for the API reference's 429. */
export const RATE_LIMIT_MARK = Symbol.for('medivault.rate-limit');

/**
 * A route's limit on requests counted by `keyOf` (a request it gives no key is not counted). Every counted
 * answer carries the RateLimit headers; past the limit the answer is 429 with `Retry-After`, the real time
 * left in the window.
 */
function limitRequests(bucket: Bucket, keyOf: (ctx: AppContext) => string | null, countedBy: string): Middleware {
  const middleware: Middleware = async (ctx, next) => {
    const { knex, config } = (ctx as AppContext).deps;
    const key = keyOf(ctx as AppContext);
    if (key === null) return next();
    const limit = config.requestLimits[bucket];
    const { count, secondsLeft } = await countRequest(knex, bucket, key, limit.windowMs);
    setRateLimitHeaders(ctx, { max: limit.max, windowMs: limit.windowMs, used: count, resetSeconds: secondsLeft });
    await purgeOldWindows(knex, config.requestLimits);
    if (count > limit.max) {
      const minutes = Math.ceil(secondsLeft / 60);
      throw new TooManyRequests(`${MESSAGES[bucket]} Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`, secondsLeft);
    }
    await next();
  };
  Object.defineProperty(middleware, RATE_LIMIT_MARK, { value: `${MESSAGES[bucket]} ${countedBy}` });
  return middleware;
}

/** A route's limit per address (IPv6 grouped by /64). */
export const limitPerAddress = (bucket: Bucket): Middleware => limitRequests(bucket, (ctx) => addressGroup(ctx.ip), 'Per address');

/** A route's limit per signed-in account, wherever it connects from; a request with no session is left to the route's policy. */
export const limitPerAccount = (bucket: Bucket): Middleware => limitRequests(bucket, (ctx) => actorId(ctx.state.actor), 'Per account');
