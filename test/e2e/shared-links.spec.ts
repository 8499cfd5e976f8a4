import { test, expect, type Page } from '@playwright/test';
import { seriousViolationsAtBothWidths } from './support/axe';
import { newPatient, signInByApi, signUpByApi } from './support/patients';
import { shootWidthsAndThemes } from './support/screens';

/**
 * Issue 37 in Chromium: a patient shares a chosen report and medication from Settings as a SMART Health
 * Link with a passcode; a doctor without an account opens it in another browser (the viewer decrypts it
 * there), sees those records and no others; the patient revokes it and the link stops opening.
 */
const card = (page: Page) => page.getByRole('region', { name: 'Share with a doctor' });

test('a patient shares chosen records as a link with a passcode; a doctor opens it without an account; revoking stops it', async ({ page, browser }) => {
  const patient = newPatient('shl', { firstName: 'Noor', lastName: 'Haddad', password: 'Share-Lamp-58' });
  await signUpByApi(page.request, patient);
  await signInByApi(page.request, patient);
  const reportDate = new Date().toISOString().slice(0, 10);
  for (const [title, results] of [
    ['Thyroid panel', { tsh: { value: 2.1, unit: 'mIU/L', referenceRange: '0.4-4.0' } }],
    ['Private therapy note', { mood: 'low' }],
  ] as const) {
    expect((await page.request.post('/api/medical-reports', { data: { title, type: 'blood_work', reportDate, results } })).status()).toBe(201);
  }
  for (const [name, dosage] of [
    ['Levothyroxine', '50mcg'],
    ['Sertraline', '50mg'],
  ]) {
    expect((await page.request.post('/api/medications', { data: { name, dosage, frequency: 'once_daily', reminderTimes: ['08:00'] } })).status()).toBe(201);
  }

  await page.goto('/settings');
  await card(page).getByLabel('Chosen reports and medications').check();
  await card(page).getByRole('checkbox', { name: /Thyroid panel/ }).check();
  await card(page).getByRole('checkbox', { name: /Levothyroxine/ }).check();
  await card(page).getByLabel('Label (who or what it is for)').fill('For Dr. Chen');
  await card(page).getByLabel('Link works for').selectOption('7');
  await card(page).getByLabel('Passcode (optional)').fill('tulip-4242');
  expect(await seriousViolationsAtBothWidths(page, 'main'), 'share form').toEqual([]);
  await card(page).getByRole('button', { name: 'Create link' }).click();

  const panel = card(page).getByRole('region', { name: 'New shared link' });
  await expect(panel).toContainText('Link ready: For Dr. Chen.');
  await expect(panel.getByRole('img', { name: 'QR code of the shared link For Dr. Chen' })).toBeVisible();
  const link = (await panel.getByLabel('Shared link').textContent())!;
  expect(link).toMatch(/^http:\/\/localhost:\d+\/shl#shlink:\/[A-Za-z0-9_-]+$/);
  await expect(card(page).getByRole('list', { name: 'Shared links' })).toContainText('For Dr. Chen');
  expect(await seriousViolationsAtBothWidths(page, 'main'), 'new link').toEqual([]);
  if (process.env.SHOTS_DIR) await shootWidthsAndThemes(page, process.env.SHOTS_DIR, 'share-with-a-doctor');

  // The doctor: another browser, no account.
  const doctorContext = await browser.newContext();
  const doctor = await doctorContext.newPage();
  await doctor.goto(link);
  await expect(doctor.getByRole('heading', { level: 1 })).toHaveText('For Dr. Chen');
  await doctor.getByLabel('Your name (and clinic)').fill('Dr. Chen, Northside Clinic');
  await doctor.getByLabel('Passcode').fill('wrong-pass');
  await doctor.getByRole('button', { name: 'Open the records' }).click();
  await expect(doctor.getByRole('alert')).toContainText('The passcode is not right. 4 more wrong passcodes and the link stops working.');
  await doctor.getByLabel('Passcode').fill('tulip-4242');
  await doctor.getByRole('button', { name: 'Open the records' }).click();
  const report = doctor.getByRole('article', { name: 'Thyroid panel' });
  await expect(report).toBeVisible();
  await expect(report.getByTestId('test-result')).toContainText(['2.1 mIU/L']);
  await expect(doctor.getByRole('main')).toContainText('Levothyroxine 50mcg');
  await expect(doctor.getByRole('main')).toContainText('Shared through a SMART Health Link by Noor Haddad');
  await expect(doctor.getByRole('main')).not.toContainText('Private therapy note');
  await expect(doctor.getByRole('main')).not.toContainText('Sertraline');
  expect(await seriousViolationsAtBothWidths(doctor, 'main'), 'viewer').toEqual([]);
  if (process.env.SHOTS_DIR) await shootWidthsAndThemes(doctor, process.env.SHOTS_DIR, 'shared-records-viewer');

  // The patient sees who opened it, and revokes it.
  await page.reload();
  const links = card(page).getByRole('list', { name: 'Shared links' });
  await expect(links).toContainText('by Dr. Chen, Northside Clinic (as they said)');
  await links.getByRole('button', { name: 'Revoke For Dr. Chen' }).click();
  await expect(page.getByText('"For Dr. Chen" no longer opens.')).toBeVisible();
  await expect(card(page)).toContainText('You have not shared any links.');

  const again = await doctorContext.newPage();
  await again.goto(link);
  await again.getByLabel('Your name (and clinic)').fill('Dr. Chen');
  await again.getByLabel('Passcode').fill('tulip-4242');
  await again.getByRole('button', { name: 'Open the records' }).click();
  await expect(again.getByRole('alert')).toContainText('This shared link does not exist, has expired, or was revoked.');
  await doctorContext.close();
});
