import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type Page } from '@playwright/test';
import { CLINIC_NOTE_LINES, dataUrl, frameWithoutDocument } from '../support/document-fixtures';
import { signUpPatient } from './support/call-parties';
import { launchWithCamera, openCameraAsNewPatient, renderNote } from './support/document-fixtures';
import { setOfflinePin, unlockOffline, vaultKeys } from './support/vault';
import { shootWidthsAndThemes } from './support/screens';

/**
 * Issue 39, the scans: a camera frame with no document is refused and leaves nothing; a scan can be
 * discarded from its review; a report is deleted from its screen and is then gone from every list, the
 * export and the device's vault. Screens are saved at 390 and 1280 pixels, light and dark.
 */

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/report-deletion');
const UNABLE_TO_PROCESS = 'Unable to process the medical document. Please try again.';

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

/** The page at both widths in both themes, into test-results/report-deletion/{name}-{width}-{theme}.png. */
const shoot = (page: Page, name: string) => shootWidthsAndThemes(page, SHOTS, name);

const reportTitles = async (page: Page) => ((await (await page.request.get('/api/medical-reports')).json()) as { title: string }[]).map((r) => r.title);

test.describe('scans that are not documents', () => {
  // Reading runs on the server's OCR workers, on a machine whose two cores other suites share.
  test.setTimeout(150_000);

  test('a camera frame with no document is refused with the spec words, and nothing is saved', async ({ baseURL }) => {
    const camera = await launchWithCamera(await frameWithoutDocument());
    try {
      const page = await openCameraAsNewPatient(camera, baseURL);
      await page.getByRole('button', { name: 'Take photo' }).click();
      await page.getByRole('button', { name: 'Use Photo' }).click();

      await expect(toast(page, 'Processing failed')).toBeVisible({ timeout: 120_000 });
      await expect(toast(page, UNABLE_TO_PROCESS)).toBeVisible();
      await expect(toast(page, 'Medical consultation processed!')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Open Camera' })).toBeVisible();
      await expect(page.getByTestId('scan-result')).toHaveCount(0);
      await shoot(page, 'blank-frame-refused');

      expect(await reportTitles(page)).toEqual([]);
      expect(await (await page.request.get('/api/documents/recent')).json()).toEqual([]);
      await expect(page.getByTestId('recent-scans')).toContainText('No scans yet');
    } finally {
      await camera.close();
    }
  });

  test('Discard Scan in the review throws the scan away: no report, no recent scan', async ({ page, context }) => {
    await signUpPatient(page.request);
    await page.goto('/scanner');
    await page.getByLabel('Upload File').setInputFiles({ name: 'clinic-note.png', mimeType: 'image/png', buffer: await renderNote(context) });
    await expect(page.getByTestId('scan-result')).toBeVisible({ timeout: 120_000 });
    expect(await reportTitles(page)).toHaveLength(1);
    await shoot(page, 'scan-review-discard');

    await page.getByRole('button', { name: 'Discard Scan' }).click();
    await expect(toast(page, 'Scan discarded')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open Camera' })).toBeVisible();
    expect(await reportTitles(page)).toEqual([]);
    expect(await (await page.request.get('/api/documents/recent')).json()).toEqual([]);
    await expect(page.getByTestId('recent-scans')).toContainText('No scans yet');
  });
});

test.describe('deleting a report', () => {
  test.setTimeout(150_000);

  test('from its screen, confirmed: gone from the list, its page, the summary, the export and the offline vault', async ({ page, context }) => {
    await signUpPatient(page.request);
    const kept = await page.request.post('/api/medical-reports', { data: { title: 'Chest X-ray kept', type: 'x_ray', reportDate: '2026-10-01' } });
    expect(kept.status(), await kept.text()).toBe(201);
    const scanned = await page.request.post('/api/process-medical-document', { data: { imageData: dataUrl('image/png', await renderNote(context, { lines: CLINIC_NOTE_LINES })) }, timeout: 120_000 });
    expect(scanned.status(), await scanned.text()).toBe(200);
    const report: { id: string; title: string; documentUrl: string } = (await scanned.json()).report;
    expect((await page.request.patch(`/api/medical-reports/${report.id}`, { data: { isOfflineAvailable: true } })).status()).toBe(200);

    // The vault keeps the list and the report's document once a screen has loaded them.
    await setOfflinePin(page);
    await page.goto('/reports');
    await expect(page.getByText(report.title).first()).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => vaultKeys(page), { timeout: 30_000 }).toEqual(expect.arrayContaining(['/api/medical-reports', `document:${report.documentUrl}`]));

    await page.goto(`/reports/${report.id}`);
    await page.getByRole('button', { name: 'Delete Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this report?' });
    await expect(dialog).toContainText('This cannot be undone.');
    await shoot(page, 'delete-report-confirm');
    await dialog.getByRole('button', { name: 'Keep Report' }).click();
    await expect(dialog).toBeHidden();
    expect(await reportTitles(page)).toContain(report.title);
    await shoot(page, 'report-detail-delete-card');

    await page.getByRole('button', { name: 'Delete Report' }).click();
    await dialog.getByRole('button', { name: 'Delete Report' }).click();
    await expect(toast(page, 'Report deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/reports$/);
    await expect(page.getByText('Chest X-ray kept').first()).toBeVisible();
    await expect(page.getByText(report.title)).toHaveCount(0);

    await page.goto(`/reports/${report.id}`);
    await expect(page.getByText('Report Not Found')).toBeVisible();
    expect((await page.request.get(`/api/medical-reports/${report.id}`)).status()).toBe(404);
    expect((await page.request.get(report.documentUrl)).status()).toBe(404);
    expect(await reportTitles(page)).toEqual(['Chest X-ray kept']);
    expect((await (await page.request.get('/api/dashboard-summary')).json()).totalReports).toBe(1);
    const fhir = await page.request.get('/api/export/fhir');
    expect(fhir.status()).toBe(200);
    const exported = await fhir.text();
    expect(exported).toContain('Chest X-ray kept');
    expect(exported).not.toContain(report.id);
    expect(exported).not.toContain(report.title);

    // The device forgot it too: its document is dropped, and offline the kept list no longer shows it.
    await expect.poll(() => vaultKeys(page)).not.toContain(`document:${report.documentUrl}`);
    await context.setOffline(true);
    await page.goto('/reports');
    await unlockOffline(page);
    await expect(page.getByText('Chest X-ray kept').first()).toBeVisible();
    await expect(page.getByText(report.title)).toHaveCount(0);
    await context.setOffline(false);
  });
});
