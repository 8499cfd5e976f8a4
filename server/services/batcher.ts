/**
 * Coalesces concurrent work into one database round trip. Items submitted while a batch is in flight
 * wait for it to finish, then go out together in the next one; an idle server runs each item at once.
 * Every batch starts after the items in it were submitted, so a read never returns data older than
 * its request. A failing batch is retried item by item, so one bad item fails alone.
 */
export class Batcher<I, O> {
  private queue: Array<{ item: I; resolve: (out: O) => void; reject: (err: unknown) => void }> = [];
  private inFlight = false;

  constructor(
    /** One result per item, in the same order. */
    private readonly run: (items: I[]) => Promise<O[]>,
    private readonly maxBatch = 500,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.inFlight) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.inFlight = true;
    // One turn of the event loop first: requests that arrived together join the same batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.queue.length) {
      const batch = this.queue.splice(0, this.maxBatch);
      try {
        const results = await this.run(batch.map((b) => b.item));
        batch.forEach((b, i) => b.resolve(results[i]!));
      } catch (err) {
        if (batch.length === 1) batch[0]!.reject(err);
        else await Promise.all(batch.map((b) => this.run([b.item]).then(([out]) => b.resolve(out!), b.reject)));
      }
    }
    this.inFlight = false;
  }
}

/** Keyed lookups through a Batcher: one `where key in (...)` query answers every concurrent caller. */
export function batchedLookup<K, V>(loadMany: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  const batcher = new Batcher<K, V | undefined>(async (keys) => {
    const found = await loadMany([...new Set(keys)]);
    return keys.map((k) => found.get(k));
  });
  return (key) => batcher.submit(key);
}
