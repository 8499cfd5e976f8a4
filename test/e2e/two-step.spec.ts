import { test, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { newPatient, signUpByApi } from './support/patients';

const SHOTS = process.env.SHOTS_DIR;

async function signInWithPassword(page: Page, login: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username or Email').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** A code of the next 30-second step: accepted with one step of drift, and newer than the code used before it. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

test('a patient turns on two-step verification with an authenticator app, then signs in with a code and with a recovery code', async ({ page, browser }) => {
  const patient = newPatient('tsv', { firstName: 'Mira', lastName: 'Halvorsen' });
  await signUpByApi(page.request, patient);
  await signInWithPassword(page, patient.username, patient.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/security');
  const card = page.getByTestId('two-step');
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Turn on two-step verification' }).click();
  await expect(card.getByRole('img', { name: 'QR code to add MediVault to your authenticator app' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/two-step-setup-390.png`, fullPage: true });
  const secret = (await card.getByLabel('Authenticator key').textContent())!.trim();
  await card.getByLabel('Verification code').fill('000000');
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Verification failed')).toBeVisible();
  await card.getByLabel('Verification code').fill(await generate({ secret }));
  await card.getByRole('button', { name: 'Turn on' }).click();
  const codes = card.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent())!.trim();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/two-step-recovery-codes-390.png`, fullPage: true });
  await card.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByText('10 recovery codes left.', { exact: false })).toBeVisible();

  // Another device: the password alone opens nothing; the authenticator's code does.
  const phone = await (await browser.newContext()).newPage();
  await signInWithPassword(phone, patient.username, patient.password);
  const step = phone.getByTestId('second-factor');
  await expect(step.getByText('Enter the 6-digit code from your authenticator app, or one of your recovery codes.')).toBeVisible();
  await expect(phone).toHaveURL(/\/login$/);
  if (SHOTS) await phone.screenshot({ path: `${SHOTS}/two-step-sign-in-390.png`, fullPage: true });
  await step.getByLabel('Verification code').fill(await nextCode(secret));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(phone).toHaveURL(/\/dashboard$/);

  // A lost phone: a recovery code signs in once.
  const laptop = await (await browser.newContext()).newPage();
  await signInWithPassword(laptop, patient.username, patient.password);
  await laptop.getByTestId('second-factor').getByLabel('Verification code').fill(recoveryCode);
  await laptop.getByTestId('second-factor').getByRole('button', { name: 'Verify' }).click();
  await expect(laptop).toHaveURL(/\/dashboard$/);
  await laptop.goto('/security');
  await expect(laptop.getByTestId('two-step').getByText('9 recovery codes left.', { exact: false })).toBeVisible();
});
