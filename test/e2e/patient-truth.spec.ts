import { test, expect, type Page } from '@playwright/test';
import { makePremium, signInFreshPatient } from './support/patients';
import { shootBothThemes, shootWidthsAndThemes } from './support/screens';

/** What the patient's app says matches what is true for this patient and this browser (issue 39). */

async function freshPatient(page: Page): Promise<void> {
  await signInFreshPatient(page, { prefix: 'truth', firstName: 'Casey', lastName: 'Truth', password: 'Patient-Truth-1!' });
}

const UPSELL_SCREENS = ['/ai-summary', '/reports', '/scanner', '/dashboard', '/health-summary', '/medications', '/appointments', '/telemedicine', '/settings'];

test('a Premium patient is offered Premium nowhere; a free patient is, on the AI summary', async ({ page }) => {
  await freshPatient(page);
  await page.goto('/ai-summary');
  await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toBeVisible();

  await makePremium(page);
  for (const screen of UPSELL_SCREENS) {
    await page.goto(screen);
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(/Upgrade to Premium|Premium AI Features|Premium Export/), screen).toHaveCount(0);
  }
  await page.goto('/ai-summary');
  await expect(page.getByRole('heading', { name: 'AI Medical Summary' })).toBeVisible();
  await shootBothThemes(page, 'ai-summary-premium');
  await page.goto('/premium');
  await expect(page.getByRole('button', { name: 'Manage Subscription' })).toBeVisible();
  if (process.env.SHOTS_DIR) await shootWidthsAndThemes(page, process.env.SHOTS_DIR, 'premium-page-premium');
});

test('each Health Summary recommendation cites the report and result it comes from, and leads to it', async ({ page }) => {
  await freshPatient(page);
  const added = await page.request.post('/api/medical-reports', {
    data: { title: 'Lipid panel', type: 'blood_work', reportDate: '2026-10-01T09:00:00.000Z', results: { ldlCholesterol: { value: 162, unit: 'mg/dL', referenceRange: '<130' } } },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { id } = await added.json();
  await page.goto('/health-summary');
  const recommendation = page.getByTestId('recommendation').filter({ hasText: 'ldl cholesterol of 162 mg/dL' });
  await expect(recommendation).toContainText('From: LDL Cholesterol 162 mg/dL in Lipid panel from Oct 1, 2026');
  if (process.env.SHOTS_DIR) await shootWidthsAndThemes(page, process.env.SHOTS_DIR, 'health-summary-cited');
  await recommendation.getByRole('link', { name: 'LDL Cholesterol 162 mg/dL in Lipid panel from Oct 1, 2026' }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/${id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lipid panel');
});

test('while the reports load, the dashboard tile shows no number rather than 0, then the count', async ({ page }) => {
  await freshPatient(page);
  expect((await page.request.post('/api/medical-reports', { data: { title: 'Lipid panel', type: 'blood_work', reportDate: '2026-10-01' } })).status()).toBe(201);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/medical-reports', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/dashboard');
  const tile = page.getByTestId('stat-reports');
  await expect(tile).toHaveText('Medical Reports—');
  release();
  await expect(tile).toHaveText('Medical Reports1');
});

const NO_PUSH_TEXT = 'This browser cannot receive notifications.';

test('a browser without push is told it cannot receive notifications and what to do, with no button that cannot work', async ({ page }) => {
  await page.addInitScript(() => delete (window as Partial<Window & { PushManager: unknown }>).PushManager);
  await freshPatient(page);
  await page.goto('/medications');
  const card = page.getByRole('region', { name: 'Reminders on this device' });
  await expect(card).toContainText(NO_PUSH_TEXT);
  await expect(card).toContainText('another browser');
  await expect(card.getByRole('button')).toHaveCount(0);
  await shootBothThemes(page, 'medications-no-push');
});

test('a browser whose push service refuses the subscription is told it cannot receive notifications, not to try again', async ({ page, context }) => {
  // What Chromium builds without a push service (and browsers with push turned off) answer to subscribe().
  await page.addInitScript(() => {
    PushManager.prototype.subscribe = () => Promise.reject(new DOMException('Registration failed - push service not available', 'AbortError'));
  });
  await context.grantPermissions(['notifications']);
  await freshPatient(page);
  await page.goto('/medications');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const card = page.getByRole('region', { name: 'Reminders on this device' });
  await card.getByRole('button', { name: 'Turn on reminders' }).click();
  await expect(card).toContainText(NO_PUSH_TEXT);
  await expect(card.getByRole('button')).toHaveCount(0);
  await expect(page.locator('.Toastify').getByText('Please try again.')).toHaveCount(0);
});

/** A 60-character token with no place to break, as a pasted code or a mistyped name can be. */
const LONG_WORD = 'Hydroxychloroquinesulfate'.repeat(3).slice(0, 60);

/** The elements reaching past the viewport's right edge, named for the failure message. */
const overflowingElements = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .slice(-5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
  );

async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${screen} scrolls sideways: ${(await overflowingElements(page)).join(', ')}`).toBeLessThanOrEqual(390);
}

test('a 60-character word in a report or a medication does not scroll the page sideways at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await freshPatient(page);
  const report = await page.request.post('/api/medical-reports', {
    data: { title: `Panel ${LONG_WORD}`, type: 'blood_work', reportDate: '2026-10-01', doctorName: LONG_WORD, facility: LONG_WORD, summary: `Notes: ${LONG_WORD}` },
  });
  expect(report.status(), await report.text()).toBe(201);
  const { id } = await report.json();
  const medication = await page.request.post('/api/medications', { data: { name: LONG_WORD, dosage: LONG_WORD, prescribedBy: LONG_WORD, instructions: LONG_WORD, frequency: 'once_daily', reminderTimes: ['08:00'] } });
  expect(medication.status(), await medication.text()).toBe(201);

  for (const screen of ['/dashboard', `/reports/${id}`, '/reports', '/medications']) {
    await page.goto(screen);
    await expect(page.getByText(LONG_WORD).first()).toBeVisible();
    await expectNoSidewaysScroll(page, screen);
  }
  for (const [screen, name] of [[`/reports/${id}`, 'report-long-word'], ['/medications', 'medications-long-word']]) {
    await page.goto(screen!);
    await expect(page.getByText(LONG_WORD).first()).toBeVisible();
    await shootBothThemes(page, name!);
  }
});

test('the dashboard search is kept in the address: it survives a reload and Search shows the reports for it', async ({ page }) => {
  await freshPatient(page);
  for (const title of ['Lipid panel', 'Chest X-ray', 'Thyroid panel']) {
    const added = await page.request.post('/api/medical-reports', { data: { title, type: 'blood_work', reportDate: '2026-10-01' } });
    expect(added.status(), await added.text()).toBe(201);
  }
  await page.goto('/dashboard');
  const search = page.getByRole('search').getByLabel('Search reports');
  await search.pressSequentially('panel');
  await expect(page).toHaveURL(/\/dashboard\?q=panel$/);
  await page.reload();
  await expect(search).toHaveValue('panel');
  await expect(page.getByText('Thyroid panel')).toBeVisible();
  await expect(page.getByText('Chest X-ray')).toHaveCount(0);

  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/reports\?q=panel$/);
  await expect(page.getByLabel('Search reports')).toHaveValue('panel');
  await expect(page.getByText('Lipid panel')).toBeVisible();
  await expect(page.getByText('Thyroid panel')).toBeVisible();
  await expect(page.getByText('Chest X-ray')).toHaveCount(0);
  await shootBothThemes(page, 'reports-searched-from-dashboard');

  await page.goBack();
  await expect(page.getByRole('search').getByLabel('Search reports')).toHaveValue('panel');
});
