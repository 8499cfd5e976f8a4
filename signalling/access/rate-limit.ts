import type { RateLimit } from '../../server/config';
import { SIGNALLING_ERROR_CODES } from '../../common/socket-events';
import { SignallingError } from '../errors';

/** The kinds of request a socket is limited on separately: chat lines and pages, and everything else. */
export type RateClass = 'chat' | 'signalling';

const REFUSALS: Record<RateClass, string> = {
  chat: 'Too many messages. Please slow down.',
  signalling: 'Too many requests. Please slow down.',
};

/** `burst` requests at once, then `perSecond`; a refused request costs nothing. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly limit: RateLimit,
    now = performance.now(),
  ) {
    this.tokens = limit.burst;
    this.last = now;
  }

  /** Whether a token is there now, without taking it. */
  has(now = performance.now()): boolean {
    this.refill(now);
    return this.tokens >= 1;
  }

  take(now = performance.now()): boolean {
    if (!this.has(now)) return false;
    this.tokens -= 1;
    return true;
  }

  private refill(now: number): void {
    this.tokens = Math.min(this.limit.burst, this.tokens + ((now - this.last) * this.limit.perSecond) / 1000);
    this.last = now;
  }
}

/** The refusal of a request over one of its limits: rate_limited with the class's message. */
export function rateLimited(rateClass: RateClass): SignallingError {
  return new SignallingError(SIGNALLING_ERROR_CODES.rateLimited, REFUSALS[rateClass]);
}

/** One socket's buckets. Over a limit the request is refused with rate_limited; the socket stays connected. */
export class SocketRateLimits {
  private readonly buckets: Record<RateClass, TokenBucket>;

  constructor(limits: Record<RateClass, RateLimit>) {
    this.buckets = { chat: new TokenBucket(limits.chat), signalling: new TokenBucket(limits.signalling) };
  }

  take(rateClass: RateClass): void {
    if (!this.buckets[rateClass].take()) throw rateLimited(rateClass);
  }
}
