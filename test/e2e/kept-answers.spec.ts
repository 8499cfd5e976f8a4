import { test, expect, type Page, type Route } from '@playwright/test';
import { signInFreshPatient } from './support/patients';

/**
 * Issue 19, speed a patient feels: a returning patient's dashboard shows what this device kept at once,
 * while the server is still answering, then the fresh answer replaces it with no skeleton in between.
 */
async function returningPatient(page: Page): Promise<void> {
  await signInFreshPatient(page, { prefix: 'kept', firstName: 'Ines', lastName: 'Kept', password: 'Kept-Answers-7' });
}

const addMedication = (page: Page, name: string) => page.request.post('/api/medications', { data: { name, dosage: '10mg', frequency: 'once_daily', reminderTimes: ['08:00'] } });

test('the dashboard shows the kept answer at once while the server is slow, then the fresh one without a skeleton', async ({ page }) => {
  await returningPatient(page);
  expect((await addMedication(page, 'Lisinopril')).status()).toBe(201);
  await page.goto('/dashboard');
  const medications = page.getByTestId('stat-medications');
  await expect(medications).toContainText('1');
  // The vault sync keeps every list once the dashboard has loaded.
  await expect.poll(() => page.evaluate(() => indexedDB.databases().then((dbs) => dbs.length))).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');

  expect((await addMedication(page, 'Metformin')).status()).toBe(201);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: Route) => {
    await held;
    await route.continue();
  };
  await page.route('**/api/medications', hold);

  // Every value the medications tile shows from the first paint on, in order.
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { shown: string[] }).shown = shown;
    new MutationObserver(() => {
      const value = document.querySelector('[data-testid="stat-medications"]')?.textContent ?? null;
      if (value !== null && shown.at(-1) !== value) shown.push(value);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.reload();
  // The server has not answered: the tile shows the device's kept list.
  await expect(medications).toContainText('1');
  release();
  await expect(medications).toContainText('2');
  // Straight from the kept answer to the fresh one: never the empty state of a list still loading.
  expect(await page.evaluate(() => (window as unknown as { shown: string[] }).shown)).toEqual(['Active Medications1', 'Active Medications2']);
});
