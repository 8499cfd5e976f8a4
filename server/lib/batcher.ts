interface Pending<I, O> {
  item: I;
  resolve: (out: O) => void;
  reject: (err: unknown) => void;
}

interface BatcherOptions {
  /** Most items in one batch. */
  maxBatch?: number;
  /**
   * Batches allowed in flight at once. One keeps batches strictly in order; more let a read that arrives
   * during a slow round trip start its own instead of queueing behind it (on a busy server the round trip
   * is mostly event-loop and scheduler wait, not database work).
   */
  maxInFlight?: number;
}

/**
 * Coalesces concurrent work into few database round trips. Items that arrive in the same turn of the
 * event loop go out together; items submitted while every slot is busy wait and go out together in the
 * next free one; an idle server runs each item at once. Every batch starts after the items in it were
 * submitted, so a read never returns data older than its request. A failing batch is retried item by
 * item, so one bad item fails alone.
 */
export class Batcher<I, O> {
  private queue: Array<Pending<I, O>> = [];
  private inFlight = 0;
  private launchScheduled = false;
  private readonly maxBatch: number;
  private readonly maxInFlight: number;

  constructor(
    /** One result per item, in the same order. */
    private readonly run: (items: I[]) => Promise<O[]>,
    options: BatcherOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 500;
    this.maxInFlight = options.maxInFlight ?? 1;
  }

  submit(item: I): Promise<O> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.scheduleLaunch();
    });
  }

  /** One turn of the event loop first: requests that arrived together join the same batch. */
  private scheduleLaunch(): void {
    if (this.launchScheduled || this.inFlight >= this.maxInFlight || !this.queue.length) return;
    this.launchScheduled = true;
    setImmediate(() => {
      this.launchScheduled = false;
      this.launch();
    });
  }

  private launch(): void {
    if (this.inFlight >= this.maxInFlight || !this.queue.length) return;
    const batch = this.queue.splice(0, this.maxBatch);
    this.inFlight++;
    void this.settle(batch).finally(() => {
      this.inFlight--;
      this.scheduleLaunch();
    });
    // More than one batch's worth waiting: the next slot (if any) takes the rest.
    this.scheduleLaunch();
  }

  private async settle(batch: Array<Pending<I, O>>): Promise<void> {
    try {
      const results = await this.run(batch.map((b) => b.item));
      batch.forEach((b, i) => b.resolve(results[i]!));
    } catch (err) {
      if (batch.length === 1) batch[0]!.reject(err);
      else await Promise.all(batch.map((b) => this.run([b.item]).then(([out]) => b.resolve(out!), b.reject)));
    }
  }
}

/**
 * Keyed lookups through a Batcher: one `where key in (...)` query answers every concurrent caller.
 * Lookups are reads, so several may be in flight at once.
 */
export function batchedLookup<K, V>(loadMany: (keys: K[]) => Promise<Map<K, V>>, maxInFlight = 4): (key: K) => Promise<V | undefined> {
  const batcher = new Batcher<K, V | undefined>(
    async (keys) => {
      const found = await loadMany([...new Set(keys)]);
      return keys.map((k) => found.get(k));
    },
    { maxInFlight },
  );
  return (key) => batcher.submit(key);
}
