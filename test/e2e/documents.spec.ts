import { readFileSync } from 'node:fs';
import { chromium, test, expect, type Page } from '@playwright/test';
import { MAX_DOCUMENT_BYTES } from '../../common/constants';
import { CHROMIUM_PATH } from '../support/chromium';
import { signUpPatient } from './support/call-parties';
import { CLINIC_NOTE_LINES, LAB_SHEET_LINES, scannedPdf, textPdf } from '../support/document-fixtures';
import { launchWithCamera, openCameraAsNewPatient, renderNote } from './support/document-fixtures';
import { shootWidthsAndThemes } from './support/screens';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/documents';

/**
 * Documents become records through /scanner, against the real server: the file or photo is uploaded,
 * read on the server (OCR or the PDF's text), saved as a report, reviewed and corrected by the patient.
 */

const DEMO = { login: 'demo', password: 'Demo1234!' };
const DEMO_CBC_REPORT = '30000000-0000-4000-8000-000000000001';

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

/** Every text the progress bar shows, kept in the page as it changes (uploads and server stages can be quick). */
async function recordProgress(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { __progress: string[] }).__progress = []);
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"]');
      const text = bar?.getAttribute('aria-valuetext');
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuetext'] });
  });
  return () => page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
}

async function uploadFile(page: Page, name: string, mimeType: string, buffer: Buffer): Promise<void> {
  await page.getByLabel('Upload File').setInputFiles({ name, mimeType, buffer });
}

test.describe('scanner', () => {
  // Reading runs on the server's OCR workers, on a machine whose two cores other suites share.
  test.setTimeout(120_000);

  test('a photo of a clinic note: progress, what was read beside its source line, a corrected title saved and shown on the report', async ({ page, context }) => {
    await signUpPatient(page.request);
    const note = await renderNote(context);
    await page.goto('/scanner');
    await expect(page.getByTestId('recent-scans')).toContainText('No scans yet');
    const progress = await recordProgress(page);

    await uploadFile(page, 'clinic-note.png', 'image/png', note);
    await expect(page.getByRole('progressbar', { name: 'Processing progress' })).toBeVisible();
    await expect(page.getByText('Saving Document')).toBeVisible();
    const result = page.getByTestId('scan-result');
    await expect(result).toBeVisible({ timeout: 60_000 });
    await expect(toast(page, 'Medical consultation processed!')).toBeVisible();
    // Upload percent first, then the server's own stages pushed over the socket.
    const texts = await progress();
    expect(texts.some((t) => t.startsWith('Uploading'))).toBe(true);
    expect(texts.some((t) => /^(Preparing|Reading|Finding|Saving the report)/.test(t)), texts.join(' | ')).toBe(true);

    await expect(page.getByTestId('extracted-text')).toContainText(/hypertension/i);
    await expect(page.getByTestId('extracted-text')).toContainText(/Lisinopril/i);
    await expect(page.getByTestId('medications-found')).toContainText(/lisinopril/i);
    await expect(page.getByTestId('medications-found')).toContainText(/metformin/i);
    await expect(result).toContainText(/Essential hypertension/i);
    await expect(result.getByTestId('read-from').first()).toBeVisible();
    // Nothing on the review runs wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

    const title = page.getByLabel('Title');
    await expect(title).not.toHaveValue('');
    await title.fill('Blood pressure visit, checked by me');
    await page.getByRole('button', { name: 'Save Corrections' }).click();
    await expect(toast(page, 'Report saved')).toBeVisible();
    await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blood pressure visit, checked by me');

    await page.goto('/scanner');
    await expect(page.getByTestId('recent-scan')).toHaveCount(1);
    await expect(page.getByTestId('recent-scan')).toContainText('Blood pressure visit, checked by me');
  });

  test('a text PDF is read from its text layer; a PDF with nothing to read saves nothing', async ({ page }) => {
    await signUpPatient(page.request);
    await page.goto('/scanner');
    await uploadFile(page, 'clinic-note.pdf', 'application/pdf', await textPdf([CLINIC_NOTE_LINES, LAB_SHEET_LINES]));
    await expect(page.getByTestId('scan-result')).toBeVisible({ timeout: 60_000 });
    await expect(toast(page, 'PDF uploaded successfully!')).toBeVisible();
    await expect(page.locator('.Toastify')).toContainText('Document analyzed: 2 medications found, content processed');
    await expect(page.getByTestId('extracted-text')).toContainText('Essential hypertension');
    await expect(page.getByTestId('extracted-text')).toContainText('Hemoglobin 13.5 g/dL (13.5-17.5)');
    await expect(page.getByTestId('medications-found')).toContainText(/metformin/i);
    await expect(page.getByRole('group', { name: 'Hemoglobin' }).getByLabel('Hemoglobin value')).toHaveValue('13.5');
    await expect(page.getByRole('group', { name: 'Hemoglobin' }).getByTestId('read-from')).toHaveText('Read from: Hemoglobin 13.5 g/dL (13.5-17.5)');

    await page.getByRole('button', { name: 'Process Another' }).click();
    await expect(page.getByRole('button', { name: 'Open Camera' })).toBeVisible();
    await expect(page.getByTestId('recent-scan')).toHaveCount(1);
    const reportsBefore = await (await page.request.get('/api/medical-reports')).json();

    await uploadFile(page, 'blank.pdf', 'application/pdf', await textPdf([[]]));
    await expect(toast(page, 'PDF Processing Unavailable')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('button', { name: 'Open Camera' })).toBeVisible();
    expect(await (await page.request.get('/api/medical-reports')).json()).toHaveLength(reportsBefore.length);
  });

  test('a scanned PDF is read page by page, and the progress says which page', async ({ page, context }) => {
    await signUpPatient(page.request);
    const pdf = await scannedPdf([await renderNote(context), await renderNote(context, { lines: LAB_SHEET_LINES })]);
    await page.goto('/scanner');
    const progress = await recordProgress(page);
    await uploadFile(page, 'scanned.pdf', 'application/pdf', pdf);
    await expect(page.getByTestId('scan-result')).toBeVisible({ timeout: 90_000 });
    expect(await progress(), 'progress texts').toEqual(expect.arrayContaining(['Reading page 1 of 2…', 'Reading page 2 of 2…']));
    await expect(page.getByTestId('extracted-text')).toContainText(/hypertension/i);
    await expect(page.getByTestId('extracted-text')).toContainText(/Hemoglobin/i);
  });

  test('a file that is not an image or PDF is refused with the server’s reason; one over 15 MB is not sent', async ({ page }) => {
    await signUpPatient(page.request);
    await page.goto('/scanner');
    const notAPicture = Buffer.from('just some text, not a picture');
    const refusal = await page.request.post('/api/process-medical-document', { data: { imageData: `data:image/png;base64,${notAPicture.toString('base64')}` } });
    expect(refusal.status()).toBe(415);
    const { message } = await refusal.json();
    await uploadFile(page, 'notes.png', 'image/png', notAPicture);
    await expect(toast(page, 'Processing failed')).toBeVisible();
    await expect(toast(page, message)).toBeVisible();

    // Over the limit, the file is not even sent.
    const sent: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && sent.push(request.url()));
    await uploadFile(page, 'huge.pdf', 'application/pdf', Buffer.alloc(MAX_DOCUMENT_BYTES + 1));
    await expect(toast(page, 'File too large')).toBeVisible();
    await expect(toast(page, 'Choose a document of at most 15 MB.')).toBeVisible();
    expect(sent).toEqual([]);
    await expect(page.getByRole('button', { name: 'Open Camera' })).toBeVisible();
  });

  test('a report typed in by hand', async ({ page }) => {
    await signUpPatient(page.request);
    await page.goto('/scanner');
    await page.getByRole('button', { name: 'Add Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Report' });
    await dialog.getByRole('button', { name: 'Add Report' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByText('Type is required')).toBeVisible();
    await expect(dialog.getByLabel('Type').locator('option[value="premium_analysis"]')).toHaveCount(0);

    await dialog.getByLabel('Title').fill('Thyroid panel');
    await dialog.getByLabel('Type').selectOption('blood_work');
    await dialog.getByLabel('Report Date').fill('2026-10-05');
    await dialog.getByLabel('Facility (optional)').fill('North Lab');
    await dialog.getByRole('button', { name: 'Add result' }).click();
    await dialog.getByLabel('Result 1 name').fill('TSH');
    await dialog.getByLabel('TSH value').fill('5.2');
    await dialog.getByLabel('TSH unit').fill('mIU/L');
    await dialog.getByLabel('TSH reference range').fill('normal');
    await dialog.getByRole('button', { name: 'Add Report' }).click();
    await expect(dialog.getByText('TSH: write the reference range as 70-99, <200 or >40')).toBeVisible();
    await dialog.getByLabel('TSH reference range').fill('0.4-4.0');
    await dialog.getByRole('button', { name: 'Add result' }).click();
    await dialog.getByLabel('Result 2 name').fill('Free T4');
    await dialog.getByLabel('Free T4 value').fill('1.1');
    await dialog.getByLabel('Free T4 reference range').fill('0.8-1.8');
    await shootWidthsAndThemes(page, SHOTS, 'add-report-typed-results');
    await dialog.getByRole('button', { name: 'Add Report' }).click();

    await expect(toast(page, 'Report added')).toBeVisible();
    await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thyroid panel');
    await expect(page.getByText('North Lab')).toBeVisible();
    // Typed by hand, a result is compared with the range typed beside it, as a read one is.
    const results = page.getByTestId('test-results');
    await expect(results).toContainText('5.2 mIU/L');
    await expect(results).toContainText('Reference range: 0.4-4.0 mIU/L');
    await expect(results.getByTestId('range-flag')).toHaveText(['↑ High', 'In range']);
    await shootWidthsAndThemes(page, SHOTS, 'report-typed-results');
    await expect(page.getByText(/Monday, October 5, 2026/)).toBeVisible();
  });

  test('a saved report is corrected from its page', async ({ page }) => {
    await signUpPatient(page.request);
    const created = await page.request.post('/api/medical-reports', {
      data: { title: 'Lipid panel', type: 'blood_work', reportDate: new Date().toISOString(), results: { ldl: { value: 130, unit: 'mg/dL' } } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = await created.json();
    await page.goto(`/reports/${id}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Report' });
    await dialog.getByLabel('LDL value').fill('118');
    await dialog.getByLabel('Doctor (optional)').fill('Ana Ruiz');
    await dialog.getByLabel('Title').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await dialog.getByLabel('Title').fill('Lipid panel (fasting)');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lipid panel (fasting)');
    await expect(page.getByText('Dr. Ana Ruiz')).toBeVisible();
    const saved = await (await page.request.get(`/api/medical-reports/${id}`)).json();
    expect(saved.results).toEqual({ ldl: { value: 118, unit: 'mg/dL' } });
  });
});

test.describe('scanner camera', () => {
  test.setTimeout(120_000);

  test('a photo of the note through the fake camera: capture, Retake, Use Photo, a processed report', async ({ browser, baseURL }) => {
    // Chromium's fake camera plays the rendered note from a file, so the photo holds real text.
    const renderer = await browser.newContext();
    const note = await renderNote(renderer, { type: 'jpeg', width: 1280, height: 720 });
    await renderer.close();
    const camera = await launchWithCamera(note);
    try {
      const page = await openCameraAsNewPatient(camera, baseURL);
      const preview = page.getByLabel('Camera preview');
      await page.getByRole('button', { name: 'Take photo' }).click();
      await expect(page.getByAltText('Captured document')).toBeVisible();
      await page.getByRole('button', { name: 'Retake' }).click();
      await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Take photo' }).click();
      const photo = await page.getByAltText('Captured document').getAttribute('src');
      expect(photo).toMatch(/^data:image\/jpeg;base64,/);
      await page.getByRole('button', { name: 'Use Photo' }).click();
      await expect(page.getByTestId('scan-result')).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId('extracted-text')).toContainText(/hypertension/i);
      await page.getByRole('button', { name: 'Save Corrections' }).click();
      await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
    } finally {
      await camera.close();
    }
  });

  test('Camera Access Required when the camera is refused: Try Again asks again, Cancel goes back', async ({ baseURL }) => {
    const denied = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', '--deny-permission-prompts'] });
    try {
      const page = await (await denied.newContext({ baseURL })).newPage();
      await signUpPatient(page.request);
      await page.goto('/scanner');
      await page.getByRole('button', { name: 'Open Camera' }).click();
      await expect(page.getByText('Camera Access Required')).toBeVisible();
      await expect(page.getByText('Unable to access camera. Please check permissions.')).toBeVisible();
      await page.getByRole('button', { name: 'Try Again' }).click();
      await expect(page.getByText('Camera Access Required')).toBeVisible();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByText('Camera Access Required')).toBeHidden();
      await expect(page.getByRole('button', { name: 'Open Camera' })).toBeVisible();
    } finally {
      await denied.close();
    }
  });
});

test('the demo report’s Download gives its real PDF', async ({ page }) => {
  const login = await page.request.post('/api/auth/login', { data: { usernameOrEmail: DEMO.login, password: DEMO.password } });
  expect(login.status()).toBe(200);
  await page.goto(`/reports/${DEMO_CBC_REPORT}`);
  // The new tab the button opens ends as a download, which Chromium reports on the page that opened it.
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
