import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { newPatient, signInByApi, signUpByApi } from './support/patients';
import { bookConsultation } from './support/call-parties';
import { failReadsOf } from './support/failing-reads';
import { shootBothThemes } from './support/screens';

/**
 * Issue 19 in Chromium: a patient edits their profile, picks a theme, downloads their records as FHIR R4
 * (validated against the R4 schema here), asks to delete the account and keeps it; on a desktop the side bar
 * leads to Settings.
 */
const SHOTS = process.env.SHOTS_DIR;
const validator = new (createRequire(import.meta.url)('@asymmetrik/fhir-json-schema-validator') as new () => { validate(resource: unknown, verbose?: boolean): unknown[] })();

async function newSignedInPatient(page: Page) {
  const patient = newPatient('set', { firstName: 'Noor', lastName: 'Haddad', password: 'Settings-Lamp-31' });
  await signUpByApi(page.request, patient);
  await signInByApi(page.request, patient);
  return patient;
}

const profile = (page: Page) => page.getByRole('region', { name: 'Profile' });

test('a patient edits the name, phone and emergency contact, and a half-filled contact is refused', async ({ page }) => {
  await newSignedInPatient(page);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(profile(page).getByLabel('First Name')).toHaveValue('Noor');

  await profile(page).getByLabel('Contact name').fill('Sami Haddad');
  await profile(page).getByRole('button', { name: 'Save profile' }).click();
  await expect(profile(page).locator('#emergencyContactPhone-error')).toHaveText('Fill in the name, phone and relationship, or clear all three');

  await profile(page).getByLabel('First Name').fill('Nura');
  await profile(page).getByLabel('Phone Number').fill('+1 555 0177');
  await profile(page).getByLabel('Contact phone').fill('+1 555 0178');
  await profile(page).getByLabel('Relationship').selectOption('sibling');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-profile-390.png`, fullPage: true });
  await profile(page).getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();

  await page.reload();
  await expect(profile(page).getByLabel('First Name')).toHaveValue('Nura');
  await expect(profile(page).getByLabel('Relationship')).toHaveValue('sibling');
  const me = await (await page.request.get('/api/auth/me')).json();
  expect(me).toMatchObject({ firstName: 'Nura', phone: '+1 555 0177', emergencyContact: { name: 'Sami Haddad', phone: '+1 555 0178', relation: 'sibling' } });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /, Nura$/ })).toBeVisible();
});

test('the theme follows the choice, and the device when asked to; the dark screens pass axe', async ({ page }) => {
  await newSignedInPatient(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/settings');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  // The app's first render is a transition: it may commit after the load event.
  await expect.poll(background).toBe('rgb(244, 247, 249)');
  await page.getByLabel('Dark').check();
  expect(await background()).toBe('rgb(11, 18, 32)');
  await page.reload();
  await expect(page.getByLabel('Dark')).toBeChecked();
  expect(await background()).toBe('rgb(11, 18, 32)');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-dark-390.png`, fullPage: true });
  for (const path of ['/settings', '/dashboard']) {
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
    const serious = (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }

  await page.goto('/settings');
  await page.getByLabel('Same as this device').check();
  expect(await background()).toBe('rgb(244, 247, 249)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(background).toBe('rgb(11, 18, 32)');
});

test('the records download as a FHIR R4 bundle that validates, on the free plan', async ({ page }) => {
  const patient = await newSignedInPatient(page);
  await page.request.post('/api/medications', { data: { name: 'Metformin', dosage: '500mg', frequency: 'twice_daily', reminderTimes: ['08:00', '20:00'] } });
  await page.goto('/settings');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my records (FHIR)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^medivault-fhir-\d{4}-\d{2}-\d{2}\.json$/);
  const bundle = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(validator.validate(bundle, true)).toEqual([]);
  expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
  const resources = bundle.entry.map((entry: { resource: { resourceType: string } }) => entry.resource);
  expect(resources.find((r: { resourceType: string }) => r.resourceType === 'Patient')).toMatchObject({ name: [{ family: patient.lastName, given: [patient.firstName] }] });
  expect(resources.find((r: { resourceType: string }) => r.resourceType === 'MedicationStatement')).toMatchObject({ medicationCodeableConcept: { text: 'Metformin' } });
  await expect(page.getByRole('link', { name: 'Access history' })).toHaveAttribute('href', '/access-history');
});

test('deleting the account asks for the password, signs out, and signing in again can keep it', async ({ page }) => {
  const patient = await newSignedInPatient(page);
  const consultationId = await bookConsultation(page.request);
  await page.goto('/security');
  await expect(page).toHaveURL(/\/settings#security$/);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('In 30 days your reports, documents, results, medications, appointments and reminders are erased for good.');
  await expect(dialog.getByTestId('deletion-cancels')).toHaveText('Your scheduled consultation is cancelled now, and keeping your account later does not book it again.');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-delete-dialog-390.png` });
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.locator('#password-error')).toHaveText('That password is not right.');
  await dialog.getByLabel('Your password').fill(patient.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Account scheduled for deletion')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);

  await page.goto('/login');
  await page.getByLabel('Username or Email').fill(patient.username);
  await page.getByLabel('Password', { exact: true }).fill(patient.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const notice = page.getByRole('status', { name: 'Account deletion' });
  await expect(notice).toContainText('Your account will be deleted on');
  await notice.getByRole('button', { name: 'Keep my account' }).click();
  await expect(page.getByText('Account kept')).toBeVisible();
  await expect(notice).toHaveCount(0);
  expect((await (await page.request.get('/api/auth/me')).json()).deletionScheduledFor).toBeNull();
  expect((await (await page.request.get(`/api/consultations/${consultationId}`)).json()).status).toBe('cancelled');
});

test('on a desktop the side bar leads to Settings, which uses the width; a phone reaches it from the dashboard', async ({ page }) => {
  await newSignedInPatient(page);
  await page.goto('/dashboard');
  await expect(page.getByTestId('nav-settings')).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('nav-settings').click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByTestId('nav-settings')).toHaveAttribute('aria-current', 'page');
  const [profileBox, securityBox] = await Promise.all([profile(page).boundingBox(), page.getByRole('heading', { name: 'Security' }).boundingBox()]);
  expect(securityBox!.x).toBeGreaterThan(profileBox!.x + profileBox!.width - 1);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-1280.png`, fullPage: true });
});

test('settings that could not be loaded say so and load on Try Again, never that there is nothing', async ({ page }) => {
  await newSignedInPatient(page);
  // The server fails the two-step status and the shared links, and the lists the share form offers to choose from.
  const answerAgain = await Promise.all(['/api/auth/mfa', '/api/shared-links', '/api/medical-reports', '/api/medications'].map((path) => failReadsOf(page, path)));
  await page.goto('/settings');
  const twoStep = page.getByTestId('two-step');
  await expect(twoStep.getByText('Your two-step verification settings could not be loaded. Check your connection and try again.')).toBeVisible();
  await expect(page.getByText('Your shared links could not be loaded. Check your connection and try again.')).toBeVisible();
  await expect(page.getByText('You have not shared any links.')).toHaveCount(0);
  const share = page.getByRole('region', { name: 'Share with a doctor' });
  await share.getByLabel('Chosen reports and medications').check();
  await expect(share.getByText('Your reports could not be loaded. Check your connection and try again.')).toBeVisible();
  await expect(share.getByText('Your medications could not be loaded. Check your connection and try again.')).toBeVisible();
  await expect(share.getByText('No reports yet.')).toHaveCount(0);
  await expect(share.getByText('No medications yet.')).toHaveCount(0);
  await share.scrollIntoViewIfNeeded();
  await shootBothThemes(page, 'settings-share-failed');

  for (const answer of answerAgain) answer();
  await twoStep.getByRole('button', { name: 'Try Again' }).click();
  await expect(twoStep.getByText('Off', { exact: true })).toBeVisible();
  const retry = (what: string) => share.getByRole('alert').filter({ hasText: `Your ${what} could not be loaded.` }).getByRole('button', { name: 'Try Again' }).click();
  await retry('reports');
  await expect(share.getByText('No reports yet.')).toBeVisible();
  await retry('medications');
  await expect(share.getByText('No medications yet.')).toBeVisible();
  await retry('shared links');
  await expect(page.getByText('You have not shared any links.')).toBeVisible();
});
