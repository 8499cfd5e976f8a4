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
 * Each word of each stat card's label that is broken over two lines, or that runs into the card's padding or
 * past its border (found by a Range over the word: one line box each when whole).
 */
function brokenOrSpillingStatWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const card of Array.from(document.querySelectorAll('[data-testid^="stat-"]'))) {
      const text = card.querySelector('span')?.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) continue;
      const contentRight = card.getBoundingClientRect().right - parseFloat(getComputedStyle(card).paddingRight);
      const label = text.textContent ?? '';
      for (const word of label.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        const lines = Array.from(range.getClientRects()).filter((rect) => rect.width > 0);
        if (lines.length > 1) found.push(`'${word[0]}' of '${label}' broken over ${lines.length} lines`);
        else if (lines[0] && lines[0].right > contentRight + 1) found.push(`'${word[0]}' of '${label}' ends ${Math.round(lines[0].right - contentRight)} px past the card's content`);
      }
    }
    return found;
  });
}

test('three stat cards to a row hold their labels whole on a 360 px and a 390 px phone: no word broken, none over the border', async ({ page }) => {
  await freshPatient(page);
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/dashboard', '/reports', '/appointments']) {
      await page.goto(path);
      await expect(page.locator('[data-testid^="stat-"]')).toHaveCount(3);
      expect(await brokenOrSpillingStatWords(page), `${path} at ${width} px`).toEqual([]);
    }
  }
});

test('no patient screen scrolls sideways on a 360 px phone', async ({ page }) => {
  await freshPatient(page);
  await addReport(page, { title: 'Lipid panel', type: 'blood_work' });
  await page.setViewportSize({ width: 360, height: 800 });
  const wider: string[] = [];
  for (const path of ['/dashboard', '/reports', '/scanner', '/medications', '/appointments', '/telemedicine', '/health-summary', '/premium', '/access-history', '/settings', '/support']) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const { page: pageWidth, screen } = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
    if (pageWidth > screen) wider.push(`${path}: ${pageWidth} px wide`);
  }
  expect(wider).toEqual([]);
});
