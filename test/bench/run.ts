/**
 * `npm run bench`: runs every test/bench/*.bench.ts in turn (each prints its own figures as ratios
 * against a baseline measured in the same run) and exits non-zero if any bench misses its goal. What
 * each printed, and whether it met its goal, goes to .data-bench/figures.json with the machine and date.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportTestMediasoupWorkerBin } from '../support/mediasoup-worker';
import { describeMachine } from '../support/machine';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);

async function main(): Promise<void> {
  // The SFU figures use the worker built for the installed mediasoup, as the test suites do.
  exportTestMediasoupWorkerBin();
  const all = (await fs.readdir(here)).filter((f) => f.endsWith('.bench.ts')).sort();
  const files = all.filter((f) => !only.length || only.some((o) => f.includes(o)));
  if (!files.length) {
    // A mistyped name must not read as every goal met.
    process.stderr.write(`No bench matches ${only.join(', ')}; the benches: ${all.map((f) => f.replace('.bench.ts', '')).join(', ')}\n`);
    process.exit(2);
  }
  const failed: string[] = [];
  const benches: Record<string, { metGoals: boolean; figures: string[] }> = {};
  for (const file of files) {
    process.stdout.write(`\n=== ${file}\n`);
    let printed = '';
    const code = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, file)], { stdio: ['ignore', 'pipe', 'inherit'] });
      child.stdout.on('data', (chunk: Buffer) => {
        printed += chunk;
        process.stdout.write(chunk);
      });
      child.on('close', (c) => resolve(c ?? 1));
    });
    if (code !== 0) failed.push(file);
    benches[file.replace('.bench.ts', '')] = { metGoals: code === 0, figures: printed.split('\n').filter(Boolean) };
  }
  const figures = { machine: describeMachine(), date: new Date().toISOString(), benches };
  await fs.mkdir(path.join(here, '../../.data-bench'), { recursive: true });
  await fs.writeFile(path.join(here, '../../.data-bench/figures.json'), `${JSON.stringify(figures, null, 2)}\n`);
  process.stdout.write(`\n${files.length - failed.length} benches met their goals${failed.length ? `; missed: ${failed.join(', ')}` : ''}\n`);
  process.exit(failed.length ? 1 : 0);
}

void main();
