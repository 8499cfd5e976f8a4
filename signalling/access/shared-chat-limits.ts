import type { RedisClientType } from 'redis';
import type { RateLimit } from '../../server/config';
import { log } from '../../server/log';
import { TokenBucket } from './rate-limit';

/**
 * Chat's limits beyond each socket's own: one budget per account (however many sockets and tabs it
 * opens) and one per consultation (both sides together). A line is let through only when every bucket
 * it draws on has a token, and then it takes one from each.
 */
export interface SharedChatLimits {
  take(accountKey: string, consultationId: string): Promise<boolean>;
  close(): void;
}

interface SharedChatLimitSettings {
  account: RateLimit;
  consultation: RateLimit;
}

/**
 * An account may chat as fast as one socket may; a consultation, one and a half times that for its sides
 * together: a lively exchange passes, two sides (or many sockets) flooding at once are held.
 */
export function sharedChatLimitSettings(chat: RateLimit): SharedChatLimitSettings {
  return { account: chat, consultation: { perSecond: chat.perSecond * 1.5, burst: chat.burst * 1.5 } };
}

const ACCOUNT = (accountKey: string) => `medivault:chat-limit:account:${accountKey}`;
const CONSULTATION = (consultationId: string) => `medivault:chat-limit:consultation:${consultationId}`;

/** A bucket is full again (so forgettable) once it has been idle this long. */
const refillMs = (limit: RateLimit) => Math.ceil((limit.burst / limit.perSecond) * 1000);

/** This process's buckets: enough when it is the only one; the fallback while Redis is unreachable. */
export class LocalChatLimits implements SharedChatLimits {
  private readonly buckets = new Map<string, { bucket: TokenBucket; usedAt: number }>();
  private readonly sweeper: ReturnType<typeof setInterval>;

  constructor(private readonly settings: SharedChatLimitSettings) {
    const idleMs = Math.max(refillMs(settings.account), refillMs(settings.consultation));
    this.sweeper = setInterval(() => this.forgetIdle(idleMs), Math.max(idleMs, 1000));
    this.sweeper.unref();
  }

  async take(accountKey: string, consultationId: string): Promise<boolean> {
    const now = performance.now();
    const drawn = [this.bucket(ACCOUNT(accountKey), this.settings.account, now), this.bucket(CONSULTATION(consultationId), this.settings.consultation, now)];
    if (!drawn.every((bucket) => bucket.has(now))) return false;
    for (const bucket of drawn) bucket.take(now);
    return true;
  }

  private bucket(key: string, limit: RateLimit, now: number): TokenBucket {
    const entry = this.buckets.get(key) ?? { bucket: new TokenBucket(limit, now), usedAt: now };
    entry.usedAt = now;
    this.buckets.set(key, entry);
    return entry.bucket;
  }

  private forgetIdle(idleMs: number): void {
    const now = performance.now();
    for (const [key, entry] of this.buckets) if (now - entry.usedAt > idleMs) this.buckets.delete(key);
  }

  close(): void {
    clearInterval(this.sweeper);
    this.buckets.clear();
  }
}

/**
 * Every bucket named in KEYS, as a hash of tokens and the time they were counted (Redis's own clock, so
 * processes with drifting clocks agree), refilled, checked and taken from in one atomic step. ARGV per
 * key: per second, burst, idle expiry in ms. Answers 1 when a token was taken from each, 0 when none was.
 */
const TAKE_FROM_EACH = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local levels = {}
for i, key in ipairs(KEYS) do
  local perSecond = tonumber(ARGV[i * 3 - 2])
  local burst = tonumber(ARGV[i * 3 - 1])
  local stored = redis.call('HMGET', key, 'tokens', 'at')
  local tokens = tonumber(stored[1]) or burst
  local at = tonumber(stored[2]) or now
  tokens = math.min(burst, tokens + math.max(0, now - at) * perSecond / 1000)
  if tokens < 1 then return 0 end
  levels[i] = tokens
end
for i, key in ipairs(KEYS) do
  redis.call('HSET', key, 'tokens', tostring(levels[i] - 1), 'at', tostring(now))
  redis.call('PEXPIRE', key, ARGV[i * 3])
end
return 1`;

/**
 * How long a line waits for Redis's answer before this process's buckets decide instead. The script
 * answers in about a millisecond; without a bound, a line would wait as long as Redis takes.
 */
const REDIS_ANSWER_LIMIT_MS = 250;

/** The reply, or a rejection once `ms` have passed without it (a late reply is then ignored). */
function answeredWithin<T>(reply: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
  return Promise.race([reply, late]).finally(() => clearTimeout(timer));
}

/** The buckets in Redis, shared by every process of the deployment; this process's own while Redis fails. */
export class RedisChatLimits implements SharedChatLimits {
  private readonly fallback: LocalChatLimits;

  constructor(
    private readonly client: RedisClientType,
    private readonly settings: SharedChatLimitSettings,
  ) {
    this.fallback = new LocalChatLimits(settings);
  }

  async take(accountKey: string, consultationId: string): Promise<boolean> {
    // While the client reconnects, a command would wait in its offline queue for as long as Redis is away.
    if (!this.client.isReady) return this.fallback.take(accountKey, consultationId);
    const { account, consultation } = this.settings;
    const limitArgs = (limit: RateLimit) => [String(limit.perSecond), String(limit.burst), String(refillMs(limit) + 1000)];
    try {
      const reply = this.client.eval(TAKE_FROM_EACH, {
        keys: [ACCOUNT(accountKey), CONSULTATION(consultationId)],
        arguments: [...limitArgs(account), ...limitArgs(consultation)],
      });
      return (await answeredWithin(reply, REDIS_ANSWER_LIMIT_MS)) === 1;
    } catch (err) {
      log.warn({ error: (err as Error).message }, 'chat limits: no answer from redis, limiting within this process');
      return this.fallback.take(accountKey, consultationId);
    }
  }

  close(): void {
    this.fallback.close();
  }
}
