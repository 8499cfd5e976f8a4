import { test, expect } from '@playwright/test';
import { projectNodeVersion } from '../support/project-node';

test('the landing page is served at /', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'MediVault' })).toBeVisible();
});

test('client routes deep-link through the SPA fallback', async ({ page }) => {
  const response = await page.goto('/reports/123');
  expect(response?.status()).toBe(200);
  // /reports is guarded: a visitor is sent to the landing page
  await expect(page).toHaveURL(/\/$/);
});

test('unknown client routes show the not-found page', async ({ page }) => {
  await page.goto('/definitely/not/here');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('the e2e server runs on the Node the project installs', async ({ request }) => {
  const health = await (await request.get('/api/health')).json();
  expect(health.runtime.node).toBe(projectNodeVersion());
});
