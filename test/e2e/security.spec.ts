import { test, expect, type Browser, type Page } from '@playwright/test';
import { newPatient, signUpByApi } from './support/patients';

const SHOTS = process.env.SHOTS_DIR;

async function signedInPage(browser: Browser, login: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await page.getByLabel('Username or Email').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

test('a patient signs out another device and changes the password from Settings', async ({ browser, page }) => {
  const patient = newPatient('sec');
  await signUpByApi(page.request, patient);

  const laptop = await signedInPage(browser, patient.username, patient.password);
  const phone = await signedInPage(browser, patient.username, patient.password);

  await laptop.goto('/access-history');
  await laptop.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(laptop).toHaveURL(/\/settings$/);
  const devices = laptop.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
  await expect(devices).toHaveCount(2);
  await expect(devices.filter({ hasText: 'This device' })).toHaveCount(1);
  if (SHOTS) {
    await laptop.screenshot({ path: `${SHOTS}/security-390.png`, fullPage: true });
    await laptop.setViewportSize({ width: 1280, height: 800 });
    await laptop.screenshot({ path: `${SHOTS}/security-1280.png`, fullPage: true });
  }

  await laptop.getByRole('button', { name: 'Sign out other devices' }).click();
  await expect(laptop.getByText('Only this device is signed in now.')).toBeVisible();
  await expect(devices).toHaveCount(1);
  // The other browser is signed out: its dashboard sends it back to the home page.
  await phone.reload();
  await expect(phone).not.toHaveURL(/\/dashboard$/);
  expect((await phone.request.get('/api/auth/me')).status()).toBe(401);

  // The form runs the shared rule before sending anything.
  await laptop.getByLabel('Current password').fill(patient.password);
  await laptop.getByLabel('New password', { exact: true }).fill('password123');
  await laptop.getByLabel('Confirm new password').fill('password123');
  await laptop.getByRole('button', { name: 'Change password' }).click();
  await expect(laptop.getByText('This password is too common. Choose one that is harder to guess.')).toBeVisible();

  await laptop.getByLabel('New password', { exact: true }).fill('Brand-New-Pass-7');
  await laptop.getByLabel('Confirm new password').fill('Brand-New-Pass-7');
  await laptop.getByRole('button', { name: 'Change password' }).click();
  await expect(laptop.getByText('Your other devices have been signed out.')).toBeVisible();
  await expect(laptop.getByLabel('Current password')).toHaveValue('');

  const again = await signedInPage(browser, patient.username, 'Brand-New-Pass-7');
  await expect(again.getByText('Robin').first()).toBeVisible();
});
