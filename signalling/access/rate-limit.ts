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

  take(now = performance.now()): boolean {
    this.tokens = Math.min(this.limit.burst, this.tokens + ((now - this.last) * this.limit.perSecond) / 1000);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** One socket's buckets. Over a limit the request is refused with rate_limited; the socket stays connected. */
export class SocketRateLimits {
  private readonly buckets: Record<RateClass, TokenBucket>;

  constructor(limits: Record<RateClass, RateLimit>) {
    this.buckets = { chat: new TokenBucket(limits.chat), signalling: new TokenBucket(limits.signalling) };
  }

  take(rateClass: RateClass): void {
    if (!this.buckets[rateClass].take()) throw new SignallingError(SIGNALLING_ERROR_CODES.rateLimited, REFUSALS[rateClass]);
  }
}
