import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './test-database';

/**
 * The mediasoup worker the test suites use: MEDIASOUP_WORKER_BIN when it is set, else the binary in
 * ../shared/bin built for exactly the installed mediasoup version (a worker talks only to the
 * JavaScript of its own version). Undefined when mediasoup is not installed or no such binary exists.
 */
export function testMediasoupWorkerBin(): string | undefined {
  if (process.env.MEDIASOUP_WORKER_BIN) return process.env.MEDIASOUP_WORKER_BIN;
  const manifest = path.join(ROOT, 'node_modules/mediasoup/package.json');
  if (!fs.existsSync(manifest)) return undefined;
  const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string };
  const shared = path.resolve(ROOT, '..', 'shared', 'bin', `mediasoup-worker-${version}`);
  return fs.existsSync(shared) ? shared : undefined;
}

/** Jest and Playwright name the worker for every server they start, unless the caller already did. */
export function exportTestMediasoupWorkerBin(): void {
  const worker = testMediasoupWorkerBin();
  if (worker) process.env.MEDIASOUP_WORKER_BIN = worker;
}

/**
 * Whether a suite's SFU tests run here: wherever a worker is found, and always in CI, where a missing
 * worker must fail them instead of skipping them. Elsewhere it prints why they are skipped.
 */
export function sfuTestsRun(suite: string): boolean {
  const worker = testMediasoupWorkerBin();
  if (!worker) console.log(`${suite} ${process.env.CI ? 'must run in CI but cannot' : 'skipped'}: no mediasoup worker for the installed mediasoup`);
  return Boolean(worker) || Boolean(process.env.CI);
}

/** The pids of the mediasoup workers a server process runs (its child processes). */
export function mediasoupWorkerPids(serverPid: number): number[] {
  const found = spawnSync('pgrep', ['-P', String(serverPid), '-f', 'mediasoup-worker'], { encoding: 'utf8' });
  return found.stdout.split('\n').filter(Boolean).map(Number);
}
