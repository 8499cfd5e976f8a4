import { test, expect, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { textPdf } from '../support/document-fixtures';
import { signUpPatient } from './support/call-parties';
import { makePremium } from './support/patients';
import { shootWidthsAndThemes } from './support/screens';

/**
 * Issue 39, the scan review: a test name read wrong is corrected in the review and the correction is what
 * the report, the summaries, the PDF and the FHIR export say; a date the reader is unsure of is asked for.
 */

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/scan-review';

/** A lab sheet as OCR misreads one: 'LDL' read as 'Lo L', and a date whose day and month could be either way round. */
const MISREAD_LIPID_SHEET = ['Riverside Laboratory', 'Lipid Panel Report', 'Date of Collection: 03/04/2026', 'Lo L Cholesterol 162 mg/dL (<130)', 'HDL Cholesterol 48 mg/dL (>40)'];

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

test.setTimeout(120_000);

test("a misread test name and an unsure date are corrected in the review, and the correction is what every summary and export says", async ({ page }) => {
  await signUpPatient(page.request);
  await makePremium(page);
  await page.goto('/scanner');
  await page.getByLabel('Upload File').setInputFiles({ name: 'lipids.pdf', mimeType: 'application/pdf', buffer: await textPdf([MISREAD_LIPID_SHEET]) });
  await expect(page.getByTestId('scan-result')).toBeVisible({ timeout: 60_000 });
  // The scan is already a report: the review says so rather than asking to save it.
  await expect(page.getByTestId('scan-result').getByText('Saved as a Report', { exact: true })).toBeVisible();

  // The date is asked for, not guessed: both readings offered, beside the line it was read from.
  const question = page.getByRole('group', { name: 'Which date is this report from?' });
  await expect(question).toContainText('The document says 03/04/2026');
  await expect(page.getByLabel('Report Date')).toHaveValue('');
  await page.getByRole('button', { name: 'Save Corrections' }).click();
  await expect(page.getByText('Report date is required')).toBeVisible();
  const misread = page.getByRole('group', { name: 'Lo L Cholesterol' });
  await expect(misread.getByTestId('read-from')).toHaveText('Read from: Lo L Cholesterol 162 mg/dL (<130)');
  await shootWidthsAndThemes(page, SHOTS, 'scan-review-date-question');

  await question.getByLabel('Friday, April 3, 2026').check();
  await expect(page.getByLabel('Report Date')).toHaveValue('2026-04-03');
  await misread.getByLabel(/^Result \d+ name$/).fill('LDL Cholesterol');
  await page.keyboard.press('Tab');
  // The summary the scan wrote quotes the name as read: the correction is carried into it.
  await expect(page.getByLabel('Summary (optional)')).toHaveValue(/outside the reference range: LDL Cholesterol high\.$/);
  await expect(page.getByRole('group', { name: 'LDL Cholesterol' }).getByLabel('LDL Cholesterol value')).toHaveValue('162');
  await page.getByRole('button', { name: 'Save Corrections' }).click();
  await expect(toast(page, 'Report saved')).toBeVisible();
  await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').at(-1)!;

  const results = page.getByTestId('test-results');
  await expect(results).toContainText('LDL Cholesterol');
  await expect(results).not.toContainText('Lo L');
  await expect(page.getByText(/Friday, April 3, 2026/)).toBeVisible();
  await shootWidthsAndThemes(page, SHOTS, 'report-after-scan-review');

  const saved = await (await page.request.get(`/api/medical-reports/${id}`)).json();
  expect(Object.keys(saved.results).sort()).toEqual(['hdlCholesterol', 'ldlCholesterol']);
  expect(saved.results.ldlCholesterol).toEqual({ value: 162, unit: 'mg/dL', referenceRange: '<130' });

  const timeZone = 'UTC';
  const analysis = await (await page.request.post('/api/medical-summary', { data: { type: 'report_analysis', timeZone } })).text();
  expect(analysis).toContain('LDL Cholesterol');
  expect(analysis).not.toContain('Lo L');

  const pdf = await page.request.get(`/api/medical-reports/export?timeZone=${timeZone}`);
  expect(pdf.status()).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true });
  expect(text).toContain('LDL Cholesterol');
  expect(text).not.toContain('Lo L');

  const fhir = await (await page.request.get('/api/export/fhir')).text();
  expect(fhir).toContain('"13457-7"');
  expect(fhir).toContain('LDL Cholesterol');
  expect(fhir).not.toContain('Lo L');
});

test('a scan with no date asks for one, and the date entered is the report’s', async ({ page }) => {
  await signUpPatient(page.request);
  await page.goto('/scanner');
  await page.getByLabel('Upload File').setInputFiles({ name: 'undated.pdf', mimeType: 'application/pdf', buffer: await textPdf([['Riverside Laboratory', 'Lipid Panel Report', 'HDL Cholesterol 48 mg/dL (>40)']]) });
  await expect(page.getByTestId('scan-result')).toBeVisible({ timeout: 60_000 });
  const question = page.getByRole('group', { name: 'Which date is this report from?' });
  await expect(question).toContainText('No date was found on the document.');
  await expect(question.getByRole('radio')).toHaveCount(0);
  await page.getByLabel('Report Date').fill('2026-02-10');
  await page.getByRole('button', { name: 'Save Corrections' }).click();
  await expect(toast(page, 'Report saved')).toBeVisible();
  await expect(page.getByText(/Tuesday, February 10, 2026/)).toBeVisible();
});
