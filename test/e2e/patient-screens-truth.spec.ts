import { test, expect, type Page } from '@playwright/test';
import { runSql } from './support/database';
import { spillingOutOfCards } from './support/layout';
import { makePremium, signInFreshPatient } from './support/patients';
import { shootBothThemes } from './support/screens';

/** Issue 39: a screen that could not load says so rather than that there is nothing, and report cards hold their buttons. */

async function freshPatient(page: Page): Promise<string> {
  return signInFreshPatient(page, { prefix: 'screens', firstName: 'Ira', lastName: 'Screens', password: 'Patient-Screens-1!' });
}

async function addReport(page: Page, data: Record<string, unknown>): Promise<void> {
  const created = await page.request.post('/api/medical-reports', { data: { reportDate: '2026-10-01', ...data } });
  expect(created.status(), await created.text()).toBe(201);
}

test('a server error on a device with nothing kept says loading failed, never that there are no records; Try Again loads them', async ({ page }) => {
  await freshPatient(page);
  await addReport(page, { title: 'Lipid panel kept on the server', type: 'blood_work' });
  const failing = ['/api/medical-reports', '/api/medications', '/api/appointments'];
  await page.route(
    (url) => failing.includes(url.pathname),
    (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'internal', message: 'Something went wrong' }) }),
  );

  await page.goto('/dashboard');
  await expect(page.getByTestId('recent-reports').getByText('Loading failed')).toBeVisible();
  await expect(page.getByTestId('upcoming-appointments').getByText('Loading failed')).toBeVisible();
  await expect(page.getByText('No medical reports yet')).toHaveCount(0);
  await expect(page.getByText('No upcoming appointments')).toHaveCount(0);

  for (const [path, emptyText] of [
    ['/medications', 'No medications yet'],
    ['/appointments', 'No appointments scheduled'],
    ['/reports', 'No medical reports yet'],
  ] as const) {
    // Each page load also fills the offline vault once it is idle, reading the same lists; when that read came
    // after unrouteAll it loaded the reports by itself and took 'Try Again' away under the click (CI, loaded).
    const vaultSyncFailed = page.waitForEvent('console', (message) => message.text().startsWith('Offline vault sync failed'));
    await page.goto(path);
    await expect(page.getByRole('alert').filter({ hasText: 'Loading failed' }), path).toBeVisible();
    await vaultSyncFailed;
    await expect(page.getByText(emptyText), path).toHaveCount(0);
  }
  await expect(page.getByText('could not be loaded. Check your connection and try again.')).toBeVisible();
  await shootBothThemes(page, 'reports-load-failed');

  await page.unrouteAll();
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByText('Lipid panel kept on the server')).toBeVisible();
  await expect(page.getByText('Loading failed')).toHaveCount(0);
});

for (const width of [1280, 390]) {
  test(`at ${width} px every report card holds its buttons: a locked Premium report's Download stays inside its card`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const patientId = await freshPatient(page);
    await makePremium(page);
    await addReport(page, { title: 'Premium trend analysis', type: 'premium_analysis' });
    await runSql('update users set stripe_subscription_id = null where id = $1', [patientId]);
    await addReport(page, { title: 'Complete blood count', type: 'blood_work' });

    await page.goto('/reports');
    const locked = page.locator('[data-testid="report-card"][data-locked="true"]');
    await expect(locked.getByRole('button', { name: 'Premium Required' })).toBeVisible();
    await expect(locked.getByRole('button', { name: 'Download' })).toBeVisible();
    await expect(page.getByTestId('report-card')).toHaveCount(2);
    expect(await spillingOutOfCards(page, '[data-testid="report-card"]')).toEqual([]);
    await shootBothThemes(page, 'reports-locked-card');
  });
}

/**
 * Each word inside the boxes `selector` matches that is broken over two lines, or that runs into its box's
 * padding or past its border (found by a Range over the word: one line box each when whole).
 */
function brokenOrSpillingWords(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const found: string[] = [];
    for (const box of Array.from(document.querySelectorAll(selector))) {
      const style = getComputedStyle(box);
      const { left, right } = box.getBoundingClientRect();
      const contentLeft = left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
      const contentRight = right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
      const texts = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
      for (let text = texts.nextNode(); text; text = texts.nextNode()) {
        const content = text.textContent ?? '';
        for (const word of content.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          const lines = Array.from(range.getClientRects()).filter((rect) => rect.width > 0);
          if (lines.length > 1) found.push(`'${word[0]}' of '${content}' broken over ${lines.length} lines`);
          else if (lines[0] && (lines[0].right > contentRight + 1 || lines[0].left < contentLeft - 1)) found.push(`'${word[0]}' of '${content}' runs ${Math.round(Math.max(lines[0].right - contentRight, contentLeft - lines[0].left))} px out of its box`);
        }
      }
    }
    return found;
  }, selector);
}

test('three stat cards to a row hold their labels whole on a 360 px and a 390 px phone: no word broken, none over the border', async ({ page }) => {
  await freshPatient(page);
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/dashboard', '/reports', '/appointments']) {
      await page.goto(path);
      await expect(page.locator('[data-testid^="stat-"]')).toHaveCount(3);
      expect(await brokenOrSpillingWords(page, '[data-testid^="stat-"] span'), `${path} at ${width} px`).toEqual([]);
    }
  }
});

test('no patient screen scrolls sideways on a 360 px phone, nor on a 320 px one', async ({ page }) => {
  await freshPatient(page);
  await addReport(page, { title: 'Lipid panel', type: 'blood_work' });
  const wider: string[] = [];
  for (const width of [360, 320]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/dashboard', '/reports', '/scanner', '/medications', '/appointments', '/telemedicine', '/health-summary', '/premium', '/access-history', '/settings', '/support']) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      await page.waitForLoadState('networkidle');
      const { page: pageWidth, screen } = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
      if (pageWidth > screen) wider.push(`${path} at ${width} px: ${pageWidth} px wide`);
    }
  }
  expect(wider).toEqual([]);
});

test("on a 320 px phone the bottom bar's labels, the dashboard's tiles and the doctors' names and specialties hold their words", async ({ page }) => {
  await freshPatient(page);
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/dashboard');
  await expect(page.getByRole('navigation', { name: 'Services' }).getByRole('link')).toHaveCount(4);
  expect(await brokenOrSpillingWords(page, '[data-testid="main-nav"] a')).toEqual([]);
  expect(await brokenOrSpillingWords(page, 'nav[aria-label="Services"] strong')).toEqual([]);
  await page.goto('/telemedicine');
  await expect(page.getByTestId('doctor-card').filter({ hasText: 'Dermatology' }).first()).toBeVisible();
  expect(await brokenOrSpillingWords(page, '[data-testid="doctor-card"] h3, [data-testid="doctor-card"] h3 + p')).toEqual([]);
});
