import { test, expect, type Page } from '@playwright/test';
import { signInFreshPatient } from './support/patients';

/**
 * Issue 20, a cold load on a phone: the page a deep link gets names the screen's code and, for a patient
 * with a session, the session check and the screen's lists; the app's own requests use what the page
 * fetched, so nothing is asked for twice.
 */
test.use({ serviceWorkers: 'block' });

async function patientWithAReport(page: Page): Promise<void> {
  await signInFreshPatient(page, { prefix: 'hints', firstName: 'Rosa', lastName: 'Hints', password: 'Route-Hints-7' });
  const report = await page.request.post('/api/medical-reports', { data: { title: 'Lipid panel', type: 'blood_work', reportDate: '2026-11-20' } });
  expect(report.status(), await report.text()).toBe(201);
}

const hintedIn = (page: Page, selector: string) => page.locator(selector).evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));

test('a cold load of /reports fetches the screen code and lists the page names, each once', async ({ page }) => {
  await patientWithAReport(page);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));

  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'Lipid panel' })).toBeVisible();

  const modules = await hintedIn(page, 'head link[rel="modulepreload"]');
  expect(modules.some((file) => /\/PatientLayout-[\w-]+\.js$/.test(file))).toBe(true);
  expect(modules.some((file) => /\/ReportsPage-[\w-]+\.js$/.test(file))).toBe(true);
  expect(await hintedIn(page, 'head link[rel="preload"][as="fetch"]')).toEqual(['/api/auth/session', '/api/medical-reports']);
  // The screen's code came from the page's hints, not from the router once the main chunk had run.
  const screenCode = requested.filter((file) => /\/(PatientLayout|ReportsPage)-[\w-]+\.js$/.test(file));
  expect(screenCode.length).toBe(2);
  expect(screenCode.every((file) => modules.includes(file))).toBe(true);
  // A hint the app's request did not match would show as a second request for the same answer.
  expect(requested.filter((file) => file === '/api/auth/session')).toHaveLength(1);
  expect(requested.filter((file) => file === '/api/medical-reports')).toHaveLength(1);
});

test('a visitor without a session gets the screen code hints but no answers named, and lands on the home page', async ({ page }) => {
  await page.goto('/reports');
  await expect(page).toHaveURL(/\/$/);
  expect((await hintedIn(page, 'head link[rel="modulepreload"]')).some((file) => /\/ReportsPage-[\w-]+\.js$/.test(file))).toBe(true);
  expect(await hintedIn(page, 'head link[rel="preload"][as="fetch"]')).toEqual([]);
});
