/**
 * Start-up of an already initialised data directory to a healthy /api/health (embedded PostgreSQL,
 * migrations, seed check, web build check), against a bare Node HTTP server process started the same
 * way in the same run. Goal: under 10 s.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess, freePort } from '../support/server-process';

const RUNS = 3;
const GOAL_MS = 10_000;

async function bareNodeStartMs(): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', `require('http').createServer((q,s)=>s.end('ok')).listen(${port},'127.0.0.1')`], { stdio: 'ignore' });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const elapsed = performance.now() - started;
  child.kill('SIGTERM');
  return elapsed;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'medivault-startup-'));
  await fs.chmod(dataDir, 0o755);
  const env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'warn' };
  try {
    const first = await startServerProcess(env, 300_000);
    await first.stop();
    const app: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const server = await startServerProcess(env, 60_000);
      app.push(performance.now() - started);
      await server.stop();
      bare.push(await bareNodeStartMs());
    }
    const appMedian = median(app);
    const bareMedian = median(bare);
    console.log(`start-up to healthy, initialised data dir: median ${(appMedian / 1000).toFixed(2)} s over ${RUNS} runs`);
    console.log(`bare Node HTTP server process:             median ${(bareMedian / 1000).toFixed(2)} s`);
    console.log(`ratio app / bare node: ${(appMedian / bareMedian).toFixed(1)}x; goal under ${GOAL_MS / 1000} s: ${appMedian < GOAL_MS ? 'met' : 'MISSED'}`);
    process.exitCode = appMedian < GOAL_MS ? 0 : 1;
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

void main();
