/**
 * The web app's weight and Lighthouse scores, in Debian's Chromium:
 *  1. gzipped JavaScript each route loads (/ and /login signed out; /dashboard and /reports signed in;
 *     service worker blocked, so only what the page itself asks for counts) against a bare Vite + React
 *     template (create-vite's react-ts page, built here with the same Vite). Goal: the first route (/, the
 *     landing page every visitor opens first) at most 150 kB (world class: 100 kB).
 *  2. Lighthouse performance and accessibility for /login, /dashboard and /reports, in its mobile run
 *     (a mid-range phone on slow 4G, simulated) and its desktop run, the median of LIGHTHOUSE_RUNS runs
 *     (Lighthouse's advice for its run-to-run variability; one mobile run swings by ten points here).
 *     Goal: at least 90 each. The mobile run's CPU slowdown is calibrated before each run (Lighthouse's
 *     docs/throttling.md): its default 4x turns a high-end desktop (BenchmarkIndex 1500-2000) into a
 *     mid-tier phone, while this virtual machine's index swings with its host's load (about 1100-1800), so
 *     a fixed 4x simulated a slower phone on a busy day. The slowdown is the machine's index measured
 *     just before the run over that same phone's (1750 / 4), at least 1x.
 *
 * The app runs as `npm start` runs it, in a process of its own with the demo data (an embedded PostgreSQL under
 * .data-bench-web, or DATABASE_URL when set), and the signed-in routes are the demo patient's: Lighthouse's
 * simulation takes each request's observed server time as given, so a server sharing the event loop with
 * Lighthouse's own trace processing would be measured slower than it is.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { build } from 'vite';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { throttling } from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, fmt, median } from './support/call';
import { serveStatic } from './support/static-server';
import { startServerProcess } from '../support/server-process';
import { DEMO_CREDENTIALS } from '../../db/seeds/demo';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIRST_ROUTE_GOAL_KB = 150;
const LIGHTHOUSE_GOAL = 90;
const LIGHTHOUSE_RUNS = 5;
const FIRST_ROUTE = { path: '/', signedIn: false, ready: 'Healthcare Provider?' };
const ROUTES = [
  { path: '/login', signedIn: false, ready: 'Sign In' },
  { path: '/dashboard', signedIn: true, ready: 'Health Summary' },
  { path: '/reports', signedIn: true, ready: 'Medical Reports' },
];

const BARE_MAIN = `import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
function App() {
  const [count, setCount] = useState(0);
  return <><h1>Vite + React</h1><button onClick={() => setCount((c) => c + 1)}>count is {count}</button></>;
}
createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);
`;

/** create-vite's React template, built for production; answers the folder it was built into. */
async function buildBareTemplate(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'medivault-bare-vite-'));
  await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Vite + React</title></head><body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>');
  await fs.writeFile(path.join(dir, 'main.tsx'), BARE_MAIN);
  await build({ root: dir, logLevel: 'silent', configFile: false, esbuild: { jsx: 'automatic' }, resolve: { alias: { react: path.join(ROOT, 'node_modules/react'), 'react-dom': path.join(ROOT, 'node_modules/react-dom') } }, build: { outDir: path.join(dir, 'dist') } });
  return path.join(dir, 'dist');
}

/**
 * The scripts the page requests while `path` loads until `ready` shows: how many, their bytes gzipped here
 * (comparable whatever the server sends), and the bytes that crossed the wire as the server sent them.
 */
async function scriptBytes(browser: Browser, url: string, route: { path: string; ready: string }, cookie?: string): Promise<{ files: number; gzipped: number; wire: number }> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  if (cookie) await context.setExtraHTTPHeaders({ cookie });
  const page = await context.newPage();
  const scripts: Array<Promise<{ gzipped: number; wire: number }>> = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(
      Promise.all([request.response().then((response) => response!.body()), request.sizes()]).then(([body, sizes]) => ({ gzipped: zlib.gzipSync(body).length, wire: sizes.responseBodySize })),
    );
  });
  await page.goto(`${url}${route.path}`);
  await page.getByText(route.ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  const measured = await Promise.all(scripts);
  await context.close();
  return { files: measured.length, gzipped: measured.reduce((sum, s) => sum + s.gzipped, 0), wire: measured.reduce((sum, s) => sum + s.wire, 0) };
}

type FormFactor = 'mobile' | 'desktop';

/** The mid-tier phone Lighthouse's mobile run stands for: a high-end desktop's BenchmarkIndex (1750) slowed 4x. */
const MID_TIER_PHONE_INDEX = 1750 / 4;

/** Lighthouse's own measure of this machine's CPU right now (its BenchmarkIndex), in a page of the bench's Chromium. */
async function benchmarkIndexNow(browser: Browser): Promise<number> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(pageFunctions.computeBenchmarkIndex);
  } finally {
    await page.close();
  }
}

interface LighthouseRun {
  performance: number;
  accessibility: number;
  /** The CPU slowdown a mobile run simulated (1 on desktop). */
  slowdown: number;
}

async function lighthouseRun(url: string, formFactor: FormFactor, browser: Browser, cookie?: string): Promise<LighthouseRun> {
  const slowdown = formFactor === 'mobile' ? Math.max(1, Math.round(((await benchmarkIndexNow(browser)) / MID_TIER_PHONE_INDEX) * 10) / 10) : 1;
  const config =
    formFactor === 'desktop' ? desktopConfig : { extends: 'lighthouse:default' as const, settings: { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: slowdown } } };
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: ['performance', 'accessibility'], extraHeaders: cookie ? { Cookie: cookie } : undefined };
    const result = await lighthouse(url, flags, config);
    const { categories, runtimeError } = result!.lhr;
    // A run Lighthouse could not finish (NO_FCP, say) scores null: say why rather than print a 0.
    if (runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${runtimeError.code}`);
    return { performance: Math.round((categories.performance!.score ?? 0) * 100), accessibility: Math.round((categories.accessibility!.score ?? 0) * 100), slowdown };
  } finally {
    chrome.kill();
  }
}

/** A run Lighthouse could not finish (it sometimes loses the trace's navigation start) is run again, at most this often. */
const LIGHTHOUSE_RETRIES = 2;

async function lighthouseRunRetried(url: string, formFactor: FormFactor, browser: Browser, cookie?: string): Promise<LighthouseRun> {
  for (let retry = 0; ; retry++) {
    try {
      return await lighthouseRun(url, formFactor, browser, cookie);
    } catch (err) {
      if (retry === LIGHTHOUSE_RETRIES) throw err;
      console.log(`${(err as Error).message}; running it again`);
    }
  }
}

/** Each category's median over LIGHTHOUSE_RUNS runs, with every run's scores (and, on mobile, its CPU slowdown). */
async function lighthouseScores(url: string, formFactor: FormFactor, browser: Browser, cookie?: string): Promise<{ median: { performance: number; accessibility: number }; runs: string }> {
  const runs: LighthouseRun[] = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run++) runs.push(await lighthouseRunRetried(url, formFactor, browser, cookie));
  const medianOf = (category: 'performance' | 'accessibility') => median(runs.map((scores) => scores[category]));
  const described = (r: LighthouseRun) => `${r.performance}/${r.accessibility}${formFactor === 'mobile' ? ` at ${fmt(r.slowdown)}x` : ''}`;
  return { median: { performance: medianOf('performance'), accessibility: medianOf('accessibility') }, runs: runs.map(described).join(', ') };
}

async function main(): Promise<void> {
  const server = await startServerProcess(
    { DATA_DIR: path.join(ROOT, '.data-bench-web'), EMBEDDED_PG_PORT: process.env.BENCH_WEB_PG_PORT ?? '54384', LOG_LEVEL: 'warn', ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) },
    300_000,
  );
  const { url } = server;
  const bareSite = await serveStatic(await buildBareTemplate());
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const failures: string[] = [];
  try {
    const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ usernameOrEmail: DEMO_CREDENTIALS.patient.username, password: DEMO_CREDENTIALS.patient.password }) });
    if (login.status !== 200) throw new Error(`bench sign-in failed: ${login.status}`);
    const cookie = login.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');

    const bare = await scriptBytes(browser, bareSite.url, { path: '/', ready: 'Vite + React' });
    console.log(`bare Vite + React template: ${fmt(bare.gzipped / 1024)} kB of gzipped JavaScript`);
    for (const route of [FIRST_ROUTE, ...ROUTES]) {
      const { files, gzipped, wire } = await scriptBytes(browser, url, route, route.signedIn ? cookie : undefined);
      console.log(`${route.path}: ${fmt(gzipped / 1024)} kB of gzipped JavaScript -> ${fmt(gzipped / bare.gzipped, 2)}x the bare template (${files} files, ${fmt(wire / 1024)} kB on the wire)`);
      if (route === FIRST_ROUTE && gzipped / 1024 > FIRST_ROUTE_GOAL_KB) failures.push(`${route.path} ${fmt(gzipped / 1024)} kB`);
    }
    for (const formFactor of ['mobile', 'desktop'] as const) {
      for (const route of ROUTES) {
        const scores = await lighthouseScores(`${url}${route.path}`, formFactor, browser, route.signedIn ? cookie : undefined).catch((err: Error) => err);
        if (scores instanceof Error) {
          console.log(`Lighthouse (${formFactor}) ${route.path}: ${scores.message}`);
          failures.push(`Lighthouse (${formFactor}) ${route.path} not measured`);
          continue;
        }
        console.log(`Lighthouse (${formFactor}) ${route.path}: performance ${scores.median.performance}, accessibility ${scores.median.accessibility} (medians of ${LIGHTHOUSE_RUNS} runs: ${scores.runs})`);
        for (const [category, score] of Object.entries(scores.median)) if (score < LIGHTHOUSE_GOAL) failures.push(`Lighthouse (${formFactor}) ${route.path} ${category} ${score}`);
      }
    }
  } finally {
    await browser.close();
    await bareSite.close();
    await server.stop();
  }
  if (failures.length) {
    console.log(`missed: ${failures.join('; ')}`);
    process.exit(1);
  }
  console.log('web bench met its goals');
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
