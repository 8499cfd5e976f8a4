/**
 * The offline vault's cost to the patient: a repeat load of /reports in Chromium (the app shell from the
 * service worker), offline (the list read from the sealed IndexedDB vault and decrypted) against the same
 * load warm and online (the list from the API, then sealed into the vault), measured in alternation on one
 * page, from the reload to the last report on screen. Goal: offline <= 1.1x online.
 *
 * The database is an embedded PostgreSQL under .data-bench (or DATABASE_URL when set).
 */
import { once } from 'node:events';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { openBenchDatabase } from './bench-database';
import { benchPatient } from './support/bench-user';
import { CHROMIUM_ARGS, CHROMIUM_PATH, fmt, median } from './support/call';
import { createApp } from '../../server/app';
import { createHttpServer } from '../../server/http-server';
import { log } from '../../server/log';
import { ensureWebBuild } from '../../server/web-build';
import { MedicalReport } from '../../db/models';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BENCH_USER = { username: 'bench_offline', password: 'Bench-Offline-1' };
const REPORTS = 40;
const ROUNDS = 9;
const GOAL = 1.1;

async function seedPatient(): Promise<void> {
  const user = await benchPatient(BENCH_USER, 'Offline');
  await MedicalReport.query().where({ userId: user.id }).delete();
  for (let i = 0; i < REPORTS; i++) {
    await MedicalReport.query().insert({
      userId: user.id,
      title: `Lipid Panel #${i + 1}`,
      type: 'blood_work',
      status: 'normal',
      reportDate: new Date(Date.now() - i * 86_400_000),
      doctorName: 'Dr. Sarah Chen',
      facility: 'Riverside Medical Laboratory',
      summary: 'Cholesterol within reference ranges.',
      results: { ldl: { value: 96, unit: 'mg/dL' }, hdl: { value: 58, unit: 'mg/dL' } },
      isOfflineAvailable: i % 2 === 0,
    });
  }
}

/** Milliseconds from a reload of /reports to the oldest report shown. */
async function reloadReports(page: Page): Promise<number> {
  const start = performance.now();
  await page.reload({ waitUntil: 'commit' });
  await page.getByText(`Lipid Panel #${REPORTS}`, { exact: true }).waitFor();
  return performance.now() - start;
}

async function main(): Promise<void> {
  log.level = 'warn';
  const { config, db } = await openBenchDatabase();
  await seedPatient();
  const server = createHttpServer(createApp({ config, knex: db.knex, webRoot: await ensureWebBuild(ROOT) }), config);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const login = await page.request.post('/api/auth/login', { data: { usernameOrEmail: BENCH_USER.username, password: BENCH_USER.password } });
    if (login.status() !== 200) throw new Error(`bench sign-in failed: ${login.status()}`);
    await page.goto('/reports');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // Warm both paths once: the shell cached, the vault filled.
    await reloadReports(page);
    await context.setOffline(true);
    await reloadReports(page);

    const online: number[] = [];
    const offline: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await context.setOffline(false);
      online.push(await reloadReports(page));
      await context.setOffline(true);
      offline.push(await reloadReports(page));
    }
    const ratio = median(offline) / median(online);
    process.stdout.write(
      `offline repeat load of /reports (${REPORTS} reports): median ${fmt(median(offline))} ms vs warm online ${fmt(median(online))} ms = ${fmt(ratio, 2)}x (goal <= ${GOAL}x)\n`,
    );
    process.exitCode = ratio <= GOAL ? 0 : 1;
  } finally {
    await browser.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await db.close();
  }
}

void main();
