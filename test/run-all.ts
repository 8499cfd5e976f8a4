/**
 * `npm test`: typecheck, the web app's build (when stale), jest (unit, API, signalling against a real PostgreSQL)
 * and Playwright e2e in Chromium.
 * Ends with one line 'N passed, N failed, N skipped' summing both runners.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from './support/test-database';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const RESULTS = path.join(ROOT, 'test-results');

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  process.stdout.write(`\n=== ${label}: ${command} ${args.join(' ')}\n`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function readJson<T>(file: string): Promise<T | null> {
  return fs.readFile(file, 'utf8').then((text) => JSON.parse(text) as T, () => null);
}

async function jestCounts(): Promise<Counts> {
  const report = await readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; numRuntimeErrorTestSuites: number }>(path.join(RESULTS, 'jest.json'));
  if (!report) return { passed: 0, failed: 1, skipped: 0 };
  return { passed: report.numPassedTests, failed: report.numFailedTests + report.numRuntimeErrorTestSuites, skipped: report.numPendingTests + report.numTodoTests };
}

async function playwrightCounts(): Promise<Counts> {
  const report = await readJson<{ stats: { expected: number; unexpected: number; skipped: number; flaky: number } }>(path.join(RESULTS, 'playwright.json'));
  if (!report) return { passed: 0, failed: 1, skipped: 0 };
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, skipped: report.stats.skipped };
}

async function main(): Promise<void> {
  await fs.rm(RESULTS, { recursive: true, force: true });
  await fs.mkdir(RESULTS, { recursive: true });
  // Every step runs on this process's Node: the one the project installs, whatever `node` a PATH finds.
  const node = process.execPath;
  const typecheck = await run('typecheck', node, ['--import', 'tsx', 'test/typecheck.ts']);
  // The suites' server processes serve the web app: built once here, not by whichever of them starts first
  // while the others load the machine (a fresh clone's first build then outlasted a start-up bound).
  const webBuild = await run('web build', node, ['--import', 'tsx', 'test/build-web.ts']);
  const jest = await run('jest', node, ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--json', `--outputFile=${path.join(RESULTS, 'jest.json')}`]);
  // Read now: Playwright empties test-results/ (its output folder) when it starts.
  const jestTotals = await jestCounts();
  const e2e = await run('playwright', node, ['node_modules/@playwright/test/cli.js', 'test', '-c', 'test/e2e/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(RESULTS, 'playwright.json'),
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  });
  const totals = [jestTotals, await playwrightCounts()].reduce((a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped }));
  if (typecheck !== 0) totals.failed += 1;
  if (webBuild !== 0) totals.failed += 1;
  process.stdout.write(`\ntypecheck ${typecheck === 0 ? 'passed' : 'FAILED'}; web build ${webBuild === 0 ? 'passed' : 'FAILED'}; jest exit ${jest}; playwright exit ${e2e}\n`);
  process.stdout.write(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
  process.exit(typecheck || webBuild || jest || e2e ? 1 : 0);
}

void main();
