import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { FREE_PLAN_REPORT_LIMIT, REPORT_LIMIT_REACHED } from '../../common/constants';
import { signUpPatient } from './support/call-parties';
import { makePremium, signInFreshPatient } from './support/patients';
import { runSql } from './support/database';
import type { OwnReport, ReportAbilities, ReportListAbilities } from '../../common/api-types';
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

/**
 * The screens show what the server says the patient may do (issue 36), never a rule of their own: the answers
 * are rewritten on the way so that the server's word and the plan's rule (a premium analysis locked on the free
 * plan, the limit of 10, the export for Premium only) disagree, and the screens must follow the server.
 */
test.describe("the server's word, not the screen's rule", () => {
  async function answerAbilities(page: Page, reports: Record<string, ReportAbilities>, list: ReportListAbilities): Promise<void> {
    const rewrite = (report: OwnReport) => (report.title in reports ? { ...report, abilities: reports[report.title] } : report);
    await page.route(
      (url) => /^\/api\/medical-reports(\/[0-9a-f-]{36})?$/.test(url.pathname),
      async (route) => {
        try {
          const response = await route.fetch();
          const body = (await response.json()) as OwnReport | OwnReport[];
          await route.fulfill({ response, json: Array.isArray(body) ? body.map(rewrite) : rewrite(body) });
        } catch (err) {
          // The test went to another page while this answer was on its way: nobody is left to show it to.
          if (!/disposed|closed/i.test(String(err))) throw err;
        }
      },
    );
    await page.route('**/api/medical-reports/abilities', (route) => route.fulfill({ json: list }));
  }

  test('a report opens or stays locked, the export and the limit show, as the server says', async ({ page }) => {
    const userId = await signInFreshPatient(page, { prefix: 'abl', firstName: 'Ines', lastName: 'Abilities', password: 'Abilities-Lamp-7' });
    const added = await page.request.post('/api/medical-reports', { data: { title: 'Lipid panel', type: 'blood_work', reportDate: '2026-10-01' } });
    expect(added.status(), await added.text()).toBe(201);
    const lipid = (await added.json()) as OwnReport;
    await runSql(`INSERT INTO medical_reports (user_id, title, type, report_date) VALUES ($1, 'Trend analysis', 'premium_analysis', now())`, [userId]);
    // A free patient with two reports: by the plan's rule the analysis is locked, the lipid panel opens, the export
    // is Premium's and there is room. The server's (rewritten) word says the opposite of each.
    await answerAbilities(
      page,
      { 'Lipid panel': { canOpen: false, canDownload: false }, 'Trend analysis': { canOpen: true, canDownload: false } },
      { canAddReport: false, reportsLeft: 0, canExportPdf: true },
    );

    await page.goto('/reports');
    const card = (title: string) => page.getByRole('article', { name: title });
    await expect(card('Lipid panel')).toHaveAttribute('data-locked', 'true');
    await expect(card('Lipid panel').getByRole('button', { name: 'Premium Required' })).toBeDisabled();
    await expect(card('Trend analysis')).toHaveAttribute('data-locked', 'false');
    await expect(card('Trend analysis').getByRole('link', { name: 'View Details' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export PDF' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Premium Export' })).toHaveCount(0);

    // Opened by its address, the report the server says does not open sends the patient to /premium.
    await page.goto(`/reports/${lipid.id}`);
    await expect(page).toHaveURL(/\/premium$/);

    await page.goto('/scanner');
    await expect(page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Premium Required' }) })).toContainText(REPORT_LIMIT_REACHED);
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
