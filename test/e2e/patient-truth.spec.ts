import { mkdirSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { makePremium, signInFreshPatient } from './support/patients';

/** What the patient's app says matches what is true for this patient and this browser (issue 39). */

const SHOTS = '/work/notes/shots-patient-truth';

async function freshPatient(page: Page): Promise<void> {
  await signInFreshPatient(page, { prefix: 'truth', firstName: 'Casey', lastName: 'Truth', password: 'Patient-Truth-1!' });
}

/** The page in light and dark, for a person to look at. */
async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${SHOTS}/${name}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: null });
}

const UPSELL_SCREENS = ['/ai-summary', '/reports', '/scanner', '/dashboard'];

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
  await shoot(page, 'ai-summary-premium');
});
