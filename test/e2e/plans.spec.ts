import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { FREE_PLAN_REPORT_LIMIT, REPORT_LIMIT_REACHED } from '../../common/constants';
import { signUpPatient } from './support/call-parties';
import { makePremium } from './support/patients';
import { textImage, CLINIC_NOTE_LINES } from '../support/document-fixtures';

/**
 * The plans as a patient meets them: a full free plan says 'Premium Required' before and after an add is
 * tried, with a way to /premium; a Premium patient's Export PDF downloads a real PDF.
 */

const SHOTS = process.env.SHOTS_DIR;

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

async function fillFreePlan(page: Page): Promise<void> {
  for (let index = 1; index <= FREE_PLAN_REPORT_LIMIT; index++) {
    const added = await page.request.post('/api/medical-reports', { data: { title: `Check-up ${index}`, type: 'consultation', reportDate: '2026-10-01' } });
    expect(added.status(), await added.text()).toBe(201);
  }
}

test.describe('the free plan', () => {
  test('a full free plan is said on the scanner, and the 11th report is refused with a way to Premium', async ({ page }) => {
    await signUpPatient(page.request);
    await fillFreePlan(page);
    await page.goto('/scanner');

    const notice = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Premium Required' }) });
    await expect(notice).toContainText(REPORT_LIMIT_REACHED);
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await shoot(page, 'scanner-limit');

    // By hand: the server's 402 becomes the toast, and nothing is added.
    await page.getByRole('button', { name: 'Add Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Report' });
    await dialog.getByLabel('Title').fill('Eleventh report');
    await dialog.getByLabel('Type').selectOption('blood_work');
    await dialog.getByLabel('Report Date').fill('2026-10-05');
    await dialog.getByRole('button', { name: 'Add Report' }).click();
    await expect(toast(page, 'Premium Required')).toBeVisible();
    await expect(toast(page, REPORT_LIMIT_REACHED)).toBeVisible();
    // Shot once the toast has slid fully in.
    await expect(page.locator('.Toastify__toast')).toBeInViewport({ ratio: 1 });
    await shoot(page, 'add-report-402');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // A photo: refused before it is read.
    await page.getByLabel('Upload File').setInputFiles({ name: 'note.png', mimeType: 'image/png', buffer: textImage(CLINIC_NOTE_LINES) });
    await expect(toast(page, REPORT_LIMIT_REACHED)).toBeVisible();
    await page.locator('.Toastify').getByRole('button', { name: 'Upgrade to Premium' }).click();
    await expect(page).toHaveURL(/\/premium$/);

    const reports = await (await page.request.get('/api/medical-reports')).json();
    expect(reports).toHaveLength(FREE_PLAN_REPORT_LIMIT);
  });

  test('the export is Premium Export to /premium, and the API refuses it', async ({ page }) => {
    await signUpPatient(page.request);
    await page.goto('/reports');
    await page.getByRole('link', { name: 'Premium Export' }).click();
    await expect(page).toHaveURL(/\/premium$/);
    expect((await page.request.get('/api/medical-reports/export')).status()).toBe(402);
  });
});

test.describe('Premium', () => {
  test('Export PDF downloads the records as a PDF', async ({ page }) => {
    await signUpPatient(page.request);
    await fillFreePlan(page);
    await makePremium(page);
    // Premium lifts the limit too.
    const eleventh = await page.request.post('/api/medical-reports', { data: { title: 'Eleventh report', type: 'blood_work', reportDate: '2026-10-05' } });
    expect(eleventh.status()).toBe(201);

    await page.goto('/reports');
    await expect(page.getByTestId('stat-total')).toContainText(String(FREE_PLAN_REPORT_LIMIT + 1));
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export PDF' }).click();
    await expect(toast(page, 'Your PDF export is being generated...')).toBeVisible();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^medivault-records-\d{4}-\d{2}-\d{2}\.pdf$/);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await shoot(page, 'reports-premium-export');
  });
});
