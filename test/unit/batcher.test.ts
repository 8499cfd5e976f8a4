import { Batcher, batchedLookup } from '../../server/lib/batcher';

describe('Batcher', () => {
  it('sends items that arrive together as one batch, answering each in order', async () => {
    const batches: number[][] = [];
    const doubler = new Batcher<number, number>(async (items) => {
      batches.push(items);
      return items.map((n) => n * 2);
    });
    expect(await Promise.all([1, 2, 3].map((n) => doubler.submit(n)))).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('queues items behind a batch in flight, then sends them together', async () => {
    const batches: string[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const echo = new Batcher<string, string>(async (items) => {
      batches.push(items);
      if (batches.length === 1) await gate;
      return items;
    });
    const first = echo.submit('a');
    await new Promise((resolve) => setImmediate(resolve));
    const later = [echo.submit('b'), echo.submit('c')];
    release();
    expect(await Promise.all([first, ...later])).toEqual(['a', 'b', 'c']);
    expect(batches).toEqual([['a'], ['b', 'c']]);
  });

  it('retries a failed batch item by item, so only the bad item fails', async () => {
    const strict = new Batcher<number, number>(async (items) => {
      if (items.includes(13)) throw new Error('unlucky');
      return items;
    });
    const results = await Promise.allSettled([1, 13, 2].map((n) => strict.submit(n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});

describe('batchedLookup', () => {
  it('asks once for each distinct key and answers undefined for a missing one', async () => {
    const asked: string[][] = [];
    const find = batchedLookup(async (keys: string[]) => {
      asked.push(keys);
      return new Map(keys.filter((k) => k !== 'ghost').map((k) => [k, k.toUpperCase()]));
    });
    expect(await Promise.all(['x', 'y', 'x', 'ghost'].map(find))).toEqual(['X', 'Y', 'X', undefined]);
    expect(asked).toEqual([['x', 'y', 'ghost']]);
  });
});

describe('Batcher with two batches in flight', () => {
  it('starts a second batch while the first is still out, and queues the rest behind them', async () => {
    const batches: number[][] = [];
    const gates: Array<() => void> = [];
    const slow = new Batcher<number, number>(
      async (items) => {
        batches.push(items);
        await new Promise<void>((resolve) => gates.push(resolve));
        return items;
      },
      { maxInFlight: 2 },
    );
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    const first = slow.submit(1);
    await tick();
    const second = slow.submit(2);
    await tick();
    const queued = [slow.submit(3), slow.submit(4)];
    await tick();
    expect(batches).toEqual([[1], [2]]);
    gates.shift()!();
    expect(await first).toBe(1);
    await tick();
    await tick();
    expect(batches).toEqual([[1], [2], [3, 4]]);
    gates.splice(0).forEach((open) => open());
    expect(await Promise.all([second, ...queued])).toEqual([2, 3, 4]);
  });
});
