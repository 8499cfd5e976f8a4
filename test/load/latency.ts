/** Latencies and failures per route or socket event, summarised as percentiles. */

/** How a request ended: as expected, refused at once for an unreachable database (503), or anything else. */
export type Outcome = 'ok' | 'unavailable' | 'error';

export interface LatencyRow {
  name: string;
  count: number;
  /** Answered 503 (or its socket twin) because the database was away. */
  unavailable: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
}

function percentile(sorted: number[], fraction: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

export class LatencyBook {
  private readonly samples = new Map<string, { ms: number[]; unavailable: number; errors: number }>();

  record(name: string, ms: number, outcome: Outcome): void {
    let entry = this.samples.get(name);
    if (!entry) this.samples.set(name, (entry = { ms: [], unavailable: 0, errors: 0 }));
    entry.ms.push(ms);
    if (outcome === 'unavailable') entry.unavailable++;
    if (outcome === 'error') entry.errors++;
  }

  /** Times `work`; a throw counts as an error. */
  async time(name: string, work: () => Promise<Outcome>): Promise<Outcome> {
    const started = performance.now();
    let outcome: Outcome = 'error';
    try {
      outcome = await work();
    } finally {
      this.record(name, performance.now() - started, outcome);
    }
    return outcome;
  }

  rows(): LatencyRow[] {
    return [...this.samples]
      .map(([name, { ms, unavailable, errors }]) => {
        const sorted = [...ms].sort((a, b) => a - b);
        const round = (value: number) => Math.round(value * 10) / 10;
        return { name, count: ms.length, unavailable, errors, p50: round(percentile(sorted, 0.5)), p95: round(percentile(sorted, 0.95)), p99: round(percentile(sorted, 0.99)) };
      })
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  total(): { count: number; unavailable: number; errors: number } {
    return this.rows().reduce(
      (sum, row) => ({ count: sum.count + row.count, unavailable: sum.unavailable + row.unavailable, errors: sum.errors + row.errors }),
      { count: 0, unavailable: 0, errors: 0 },
    );
  }
}
