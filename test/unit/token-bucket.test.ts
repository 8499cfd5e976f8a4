import { TokenBucket } from '../../signalling/access/rate-limit';

describe('token bucket (per-socket rate limits)', () => {
  it('lets a burst through at once, then refills at its rate, never beyond the burst', () => {
    const bucket = new TokenBucket({ perSecond: 5, burst: 10 }, 0);
    const burst = Array.from({ length: 12 }, () => bucket.take(0));
    expect(burst.filter(Boolean)).toHaveLength(10);
    expect(bucket.take(199)).toBe(false);
    expect(bucket.take(200)).toBe(true);
    expect(bucket.take(200)).toBe(false);
    // A long pause fills it to the burst, not beyond.
    const later = Array.from({ length: 12 }, () => bucket.take(60_000));
    expect(later.filter(Boolean)).toHaveLength(10);
  });

  it('charges nothing for a refused request, so a sender that keeps trying still gets its rate', () => {
    const bucket = new TokenBucket({ perSecond: 50, burst: 1 }, 0);
    let accepted = 0;
    for (let t = 0; t <= 1000; t += 1) if (bucket.take(t)) accepted++;
    expect(accepted).toBe(51);
  });
});
