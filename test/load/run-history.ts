/**
 * The sustained rate of each `npm run load` on this machine, kept beside its figures, so a run can say
 * where it falls among the ones before it: one run's rate is not the machine's.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export interface RunRecord {
  date: string;
  sustainedPerSecond: number;
  /** Every goal held and every write was stored once. */
  passed: boolean;
}

const RUNS_SHOWN = 5;

/** Adds this run to the history and describes the latest runs' sustained rates: each, the median and the spread. */
export async function recordRun(dataDir: string, run: RunRecord): Promise<string> {
  const file = path.join(dataDir, 'runs.json');
  const earlier: RunRecord[] = await fs.readFile(file, 'utf8').then((text) => JSON.parse(text) as RunRecord[], () => []);
  const runs = [...earlier, run];
  await fs.writeFile(file, `${JSON.stringify(runs, null, 2)}\n`);
  const latest = runs.slice(-RUNS_SHOWN).map((r) => r.sustainedPerSecond);
  const sorted = [...latest].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return `the last ${latest.length} runs here sustained ${latest.join(', ')} requests and events/s: median ${median}, spread ${sorted[0]}-${sorted[sorted.length - 1]}`;
}
