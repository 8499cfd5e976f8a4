/**
 * A value trusted for a short while: read again at most once per period, with callers that arrive
 * while it is being read sharing that read. A failed read is not kept, so the next caller tries again.
 */
export class ShortLived<V> {
  private value: Promise<V> | null = null;
  private expiresAt = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly load: () => Promise<V>,
  ) {}

  get(now = Date.now()): Promise<V> {
    if (this.value && now < this.expiresAt) return this.value;
    const value = this.load();
    this.keep(value, now);
    value.catch(() => {
      if (this.value === value) this.value = null;
    });
    return value;
  }

  /** A value learnt some other way (an event), trusted from now on like a read one. */
  set(value: V, now = Date.now()): void {
    this.keep(Promise.resolve(value), now);
  }

  expired(now = Date.now()): boolean {
    return now >= this.expiresAt;
  }

  private keep(value: Promise<V>, now: number): void {
    this.value = value;
    this.expiresAt = now + this.ttlMs;
  }
}
