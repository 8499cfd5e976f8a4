import { test, expect } from '@playwright/test';
import { startSmtpServer } from '../support/smtp';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { SHARED_DATABASE_ENV } from './support/e2e-servers';
import { newPatient, signUpByApi } from './support/patients';

const SHOTS = process.env.SHOTS_DIR;

/** A server of its own with mail set up (the suite's servers have none), on the suite's database, and the SMTP server its mail goes to. */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: ServerProcess;

test.beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServerProcess({ ...SHARED_DATABASE_ENV, SMTP_URL: smtp.url, LOG_LEVEL: 'warn' });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

test('a patient who forgot the password gets a link by email, sets a new one, and signs in with it', async ({ page }) => {
  const patient = newPatient('fp', { firstName: 'Ines', lastName: 'Moreau' });
  await signUpByApi(page.request, patient, {}, server.url);

  await page.goto(`${server.url}/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email', { exact: true }).fill(patient.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: "If an account uses that address, we've sent it a link" })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/forgot-password-390.png`, fullPage: true });

  const mail = await smtp.nextMailTo(patient.email);
  const link = /(https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('password');
  await page.getByLabel('Confirm new password').fill('password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('This password is too common. Choose one that is harder to guess.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Quiet-Lantern-58');
  await page.getByLabel('Confirm new password').fill('Quiet-Lantern-58');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/reset-password-390.png`, fullPage: true });
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Password changed')).toBeVisible();

  await page.getByLabel('Username or Email').fill(patient.username);
  await page.getByLabel('Password', { exact: true }).fill('Quiet-Lantern-58');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link worked once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Other-Lantern-59');
  await page.getByLabel('Confirm new password').fill('Other-Lantern-59');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('This reset link is invalid, already used or expired. Ask for a new one.').first()).toBeVisible();
});
