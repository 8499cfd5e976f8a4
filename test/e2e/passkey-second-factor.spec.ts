import { test, expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { SHARED_DATABASE_ENV } from './support/e2e-servers';

/**
 * A doctor's second factor as a passkey, in Chromium with its virtual authenticator. The suite's servers
 * ask no one for a second factor (parallel workers sign the demo doctor in at once), so this spec runs a
 * server of its own on the suite's database that asks it of doctors and admins, as production does.
 */
const SHOTS = process.env.SHOTS_DIR;
const ADMIN = { usernameOrEmail: 'admin@medivault.test', password: 'Admin1234!' };
let server: ServerProcess;
/** By name, not address: WebAuthn takes a host name as the relying party, never an IP address. */
const origin = () => server.url.replace('127.0.0.1', 'localhost');

test.beforeAll(async () => {
  server = await startServerProcess({ ...SHARED_DATABASE_ENV, MFA_REQUIRED_FOR: 'doctor,admin', LOG_LEVEL: 'warn' });
});
test.afterAll(async () => {
  await server?.stop();
});

/** A verified doctor added by the demo admin on the suite's own server, where the admin signs in with a password alone. */
async function newDoctor(page: Page) {
  expect((await page.request.post('/api/auth/login', { data: ADMIN })).status()).toBe(200);
  const doctor = { email: `pk_${randomUUID().slice(0, 8)}@clinic.test`, password: 'Cardio-Clinic-42' };
  const created = await page.request.post('/api/admin/doctors', {
    data: { name: 'Dr. Lena Fischer', email: doctor.email, specialty: 'Cardiology', licenseNumber: `LIC-${randomUUID().slice(0, 6)}`, phone: '+1 555 0143', experience: 7, consultationFee: 6000, password: doctor.password },
  });
  expect(created.status(), await created.text()).toBe(201);
  const verified = await page.request.patch(`/api/admin/doctors/${(await created.json()).id}/verification`, { data: { isVerified: true } });
  expect(verified.status(), await verified.text()).toBe(200);
  await page.request.post('/api/auth/logout', { data: {} });
  return doctor;
}

async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

async function signInWithPassword(page: Page, doctor: { email: string; password: string }): Promise<void> {
  await page.goto(`${origin()}/doctor/login`);
  await page.getByLabel('Medical Email').fill(doctor.email);
  await page.getByLabel('Password', { exact: true }).fill(doctor.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test("a doctor sets up a passkey as the second step at the first sign-in, then signs in with it; the password alone opens nothing", async ({ page }) => {
  const doctor = await newDoctor(page);
  await addVirtualAuthenticator(page);

  await signInWithPassword(page, doctor);
  const step = page.getByTestId('second-factor');
  await expect(step.getByText(/Set up an authenticator app, or use a passkey/)).toBeVisible();
  await expect(page).toHaveURL(/\/doctor\/login$/);
  expect((await page.request.get(`${origin()}/api/auth/doctor/me`)).status()).toBe(401);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/doctor-second-factor-setup-390.png`, fullPage: true });
  await step.getByRole('button', { name: 'Set up a passkey instead' }).click();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/doctor\/dashboard$/);

  // Signed out, the next sign-in asks for the passkey, which the same device gives.
  await page.request.post(`${origin()}/api/auth/logout`, { data: {} });
  await signInWithPassword(page, doctor);
  await expect(step.getByText('Use your passkey to finish signing in, or enter one of your recovery codes.')).toBeVisible();
  expect((await page.request.get(`${origin()}/api/doctor/consultations`)).status()).toBe(401);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/doctor-second-factor-passkey-390.png`, fullPage: true });
  await step.getByRole('button', { name: 'Use your passkey' }).click();
  await expect(page).toHaveURL(/\/doctor\/dashboard$/);
  expect((await page.request.get(`${origin()}/api/doctor/consultations`)).status()).toBe(200);
});

test('a device without the passkey cannot finish the sign-in, and says so', async ({ page, browser }) => {
  const doctor = await newDoctor(page);
  await addVirtualAuthenticator(page);
  await signInWithPassword(page, doctor);
  await page.getByTestId('second-factor').getByRole('button', { name: 'Set up a passkey instead' }).click();
  await expect(page.getByTestId('recovery-codes')).toBeVisible();

  const other = await (await browser.newContext()).newPage();
  await addVirtualAuthenticator(other);
  await signInWithPassword(other, doctor);
  await other.getByTestId('second-factor').getByRole('button', { name: 'Use your passkey' }).click();
  await expect(other.getByText('Verification failed')).toBeVisible();
  await expect(other).toHaveURL(/\/doctor\/login$/);
  expect((await other.request.get(`${origin()}/api/doctor/consultations`)).status()).toBe(401);
});
