import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH, FAKE_MEDIA_ARGS } from '../support/chromium';
import { E2E_PG_PORT, SFU_WORKER, SHARED_DATABASE_ENV, mediaEnv } from './support/e2e-servers';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = Number(process.env.E2E_PORT ?? 3100);
const SFU_PORT = PORT + 1;
const E2E_BASE_URL = `http://localhost:${PORT}`;

const serverEnv = {
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  // Pair slow-downs and the address ceiling are off (every spec signs in from 127.0.0.1); the proof-of-work step
  // starts early so security.spec.ts can see the sign-in form solve it.
  LOGIN_FREE_FAILURES: '1000',
  LOGIN_ADDRESS_MAX_FAILURES: '100000',
  LOGIN_CHALLENGE_AFTER: '5',
  SIGNUP_MAX_PER_ADDRESS: '1000',
  PASSKEY_OPTIONS_MAX_PER_ADDRESS: '1000',
  GUEST_JOIN_MAX_PER_ADDRESS: '1000',
  SHARED_LINK_MAX_PER_ADDRESS: '1000',
  // Specs sign the demo doctor and admin in from many workers at once, and a TOTP code works once: their
  // second factor is off here; two-step.spec.ts turns it on for a patient of its own.
  MFA_REQUIRED_FOR: 'none',
};

/** A server as `npm start` runs it, on this process's Node (the project's own). */
type WebServer = Exclude<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>;

function webServer(port: number, env: Record<string, string>): WebServer {
  return {
    command: `${JSON.stringify(process.execPath)} --import tsx server/main.ts`,
    cwd: ROOT,
    url: `http://localhost:${port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
    // The address the specs' browsers open: links the server writes (calendar files, reset mails) point there.
    env: { ...serverEnv, PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, ...env },
  };
}

/**
 * Every spec runs against a peer-to-peer server with an embedded PostgreSQL of its own, seeded with
 * the demo data. The call specs run a second time against an SFU server (the mediasoup worker built
 * for the installed package) that shares that database, and the specs about the SFU itself (sfu-*)
 * only there. CI always runs the SFU pass.
 */
const runSfu = Boolean(SFU_WORKER) || Boolean(process.env.CI);
if (!runSfu) console.log('SFU call journeys skipped: no mediasoup worker for the installed package');

/** Specs about the SFU itself (its worker, several processes sharing it) and guests in a call (who need it): the sfu project only. */
const SFU_ONLY = ['**/sfu-*.spec.ts', '**/guests.spec.ts'];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(ROOT, 'test-results'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    viewport: { width: 390, height: 844 },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...FAKE_MEDIA_ARGS, '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  projects: [
    { name: 'p2p', testIgnore: SFU_ONLY, use: { baseURL: E2E_BASE_URL }, metadata: { media: 'p2p' } },
    ...(runSfu ? [{ name: 'sfu', testMatch: ['**/video-call*.spec.ts', ...SFU_ONLY], use: { baseURL: `http://localhost:${SFU_PORT}` }, metadata: { media: 'sfu' } }] : []),
  ],
  webServer: [
    webServer(PORT, { ...mediaEnv('p2p'), DATA_DIR: path.join(ROOT, '.data-e2e'), EMBEDDED_PG_PORT: String(E2E_PG_PORT), SEED_DEMO: 'true' }),
    ...(runSfu ? [webServer(SFU_PORT, { ...mediaEnv('sfu'), ...SHARED_DATABASE_ENV })] : []),
  ],
});
