import { test, expect, type Browser, type Page } from '@playwright/test';
import { DEMO_CREDENTIALS } from '../../db/seeds/demo';
import { makePremium, signInFreshPatient } from './support/patients';
import { seriousViolationsInBothThemes } from './support/axe';
import { shootBothThemes } from './support/screens';

/** Premium's smart reminders and priority support (issue 39), on a phone, axe-clean in both themes. */

test.use({ viewport: { width: 390, height: 844 } });

const SMART_REMINDERS_WORDS = 'A refill reminder before a medication runs out, and a second reminder when a dose is not marked taken.';

async function freshPatient(page: Page, firstName: string): Promise<void> {
  await signInFreshPatient(page, { prefix: 'smart', firstName, lastName: 'Reminder', password: 'Patient-Smart-1!' });
}

test('a free patient sees smart reminders locked with the Premium card\'s words; a Premium patient sets a refill and a follow-up', async ({ page }) => {
  await freshPatient(page, 'Frances');
  await page.goto('/medications');
  await page.getByRole('button', { name: 'Add Medication' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Medication' });
  const lock = dialog.getByTestId('premium-lock');
  await expect(lock.getByRole('heading', { name: 'Smart Reminders' })).toBeVisible();
  await expect(lock).toContainText(SMART_REMINDERS_WORDS);
  await expect(lock.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/premium');
  await expect(dialog.getByLabel('Pills left (optional)')).toHaveCount(0);
  expect(await seriousViolationsInBothThemes(page, '[role="dialog"]')).toEqual([]);
  await shootBothThemes(page, 'medication-smart-reminders-locked');
  await page.keyboard.press('Escape');

  await makePremium(page);
  await page.reload();
  await page.getByRole('button', { name: 'Add Medication' }).first().click();
  await expect(dialog.getByTestId('premium-lock')).toHaveCount(0);
  await expect(dialog.getByText('Upgrade to Premium')).toHaveCount(0);
  await dialog.getByLabel('Medication Name').fill('Atorvastatin');
  await dialog.getByLabel('Dosage').fill('20mg');
  await dialog.getByLabel('Pills left (optional)').fill('30');
  await dialog.getByLabel('Pills per dose').fill('1');
  await dialog.getByLabel('Refill reminder (days before)').fill('7');
  await dialog.getByLabel('Remind again after (minutes)').fill('30');
  expect(await seriousViolationsInBothThemes(page, '[role="dialog"]')).toEqual([]);
  await shootBothThemes(page, 'medication-smart-reminders-premium');
  await dialog.getByRole('button', { name: 'Add Medication' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name: 'Atorvastatin' });
  await expect(card).toContainText(/Supply\s*30 left · runs out \w{3} \d{1,2}, \d{4}/);
  await expect(card).toContainText('7 days before running out');
  await expect(card).toContainText('Reminded again 30 min after a dose not marked');
  await expect(page.getByText('Upgrade to Premium')).toHaveCount(0);
  expect(await seriousViolationsInBothThemes(page)).toEqual([]);
});

/** A browser of its own, at a phone's width. */
async function phone(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
}

async function adminPage(browser: Browser): Promise<Page> {
  const page = await phone(browser);
  const res = await page.request.post('/api/auth/login', { data: { usernameOrEmail: DEMO_CREDENTIALS.admin.email, password: DEMO_CREDENTIALS.admin.password } });
  expect(res.status(), await res.text()).toBe(200);
  return page;
}

async function writeToSupport(page: Page, subject: string, message: string): Promise<void> {
  await page.goto('/support');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill(message);
  await page.getByRole('button', { name: 'Send to Support' }).click();
  await expect(page.getByTestId('support-request').filter({ hasText: subject })).toContainText('Waiting for an answer');
}

test("the admin sees a Premium patient's request first and marked Priority, answers it, and the patient finds the answer from the bell", async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const free = await phone(browser);
  await freshPatient(free, 'Fred');
  await writeToSupport(free, `Free question ${stamp}`, 'How do I add a second reminder time?');
  await expect(free.getByText('Write to our support team; answers appear here.')).toBeVisible();
  expect(await seriousViolationsInBothThemes(free)).toEqual([]);
  await free.context().close();

  await freshPatient(page, 'Priya');
  await makePremium(page);
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Contact Support' }).click();
  await expect(page.getByText('Priority support: your requests are answered before others.')).toBeVisible();
  await writeToSupport(page, `Premium question ${stamp}`, 'When is my next charge?');

  const admin = await adminPage(browser);
  await admin.goto('/admin/doctors');
  const ours = admin.getByTestId('support-queue-entry').filter({ hasText: stamp });
  await expect(ours).toHaveCount(2);
  await expect(ours.first()).toContainText(`Premium question ${stamp}`);
  await expect(ours.first().getByText('Priority', { exact: true })).toBeVisible();
  await expect(ours.nth(1).getByText('Priority', { exact: true })).toHaveCount(0);
  await ours.first().getByRole('button', { name: 'Answer', exact: true }).click();
  const answer = admin.getByRole('dialog', { name: `Answer: Premium question ${stamp}` });
  await answer.getByLabel('Answer').fill('On the 1st of each month.');
  expect(await seriousViolationsInBothThemes(admin, '[role="dialog"]')).toEqual([]);
  await answer.getByRole('button', { name: 'Send Answer' }).click();
  await expect(answer).toBeHidden();
  await expect(ours.first()).toContainText(`Free question ${stamp}`);
  await admin.context().close();

  // Within the app, not a reload: the Support page read before the answer must not be shown from memory.
  await page.getByTestId('nav-dashboard').click();
  await page.getByRole('button', { name: /^Notifications, \d+ unread/ }).click();
  await page.getByRole('dialog', { name: 'Notifications' }).getByText('Support answered your request').click();
  await expect(page).toHaveURL(/\/support$/);
  const request = page.getByTestId('support-request').filter({ hasText: `Premium question ${stamp}` });
  await expect(request).toContainText('Answered');
  await expect(request).toContainText('On the 1st of each month.');
  await expect(page.getByText('Upgrade to Premium')).toHaveCount(0);
  expect(await seriousViolationsInBothThemes(page)).toEqual([]);
  await shootBothThemes(page, 'support-answered');
});
