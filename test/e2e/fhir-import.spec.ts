import { test, expect, type Page } from '@playwright/test';
import { seriousViolations, seriousViolationsAtBothWidths } from './support/axe';
import { newPatient, signInByApi, signUpByApi } from './support/patients';
import { shootWidthsAndThemes } from './support/screens';
import { FREE_PLAN_REPORT_LIMIT } from '../../common/constants';

/**
 * Issue 37 in Chromium at 390 px (axe also at 1280): a patient picks a FHIR file in Settings, sees what it will add and what
 * it skips (and why), saves it, and finds the report and the medication in the vault.
 */
const file = (firstName: string, lastName: string) => ({
  resourceType: 'Bundle',
  type: 'collection',
  entry: [
    { fullUrl: 'urn:uuid:e2e00000-0000-4000-8000-000000000001', resource: { resourceType: 'Patient', name: [{ family: lastName, given: [firstName] }] } },
    {
      fullUrl: 'urn:uuid:e2e00000-0000-4000-8000-000000000002',
      resource: {
        resourceType: 'DiagnosticReport',
        status: 'final',
        category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'LAB' }] }],
        code: { text: 'Thyroid panel' },
        effectiveDateTime: '2025-02-03',
        performer: [{ display: 'Dr. Ines Alvarez' }, { display: 'Northside Lab' }],
        result: [{ reference: 'urn:uuid:e2e00000-0000-4000-8000-000000000003' }],
      },
    },
    {
      fullUrl: 'urn:uuid:e2e00000-0000-4000-8000-000000000003',
      resource: { resourceType: 'Observation', status: 'final', code: { coding: [{ system: 'http://loinc.org', code: '3016-3' }], text: 'TSH' }, valueQuantity: { value: 2.1, unit: 'mIU/L' }, referenceRange: [{ text: '0.4-4.0' }] },
    },
    {
      fullUrl: 'urn:uuid:e2e00000-0000-4000-8000-000000000004',
      resource: { resourceType: 'MedicationStatement', status: 'active', medicationCodeableConcept: { text: 'Levothyroxine' }, effectivePeriod: { start: '2025-02-10' }, dosage: [{ text: '50mcg', timing: { code: { coding: [{ code: 'QD' }] } } }] },
    },
    { fullUrl: 'urn:uuid:e2e00000-0000-4000-8000-000000000005', resource: { resourceType: 'AllergyIntolerance', code: { text: 'Penicillin' } } },
  ],
});

const card = (page: Page) => page.getByRole('region', { name: 'Import records' });

test('a patient imports a FHIR file from Settings: the preview shows what is added and skipped, Save adds it', async ({ page }) => {
  const patient = newPatient('imp', { firstName: 'Lina', lastName: 'Okoro', password: 'Import-Lamp-31' });
  await signUpByApi(page.request, patient);
  await signInByApi(page.request, patient);
  await page.goto('/settings');
  await card(page).getByLabel('FHIR file').setInputFiles({ name: 'clinic-records.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file('Lina', 'Okoro'))) });

  const preview = card(page).getByRole('region', { name: 'Import preview' });
  await expect(preview).toContainText('From clinic-records.json: 1 report and 1 medication to add.');
  await expect(preview.getByRole('listitem')).toHaveText([
    'Thyroid panel (Blood Work, Feb 3, 2025, 1 result)',
    'Levothyroxine 50mcg (once daily, since Feb 10, 2025)',
    'AllergyIntolerance: Penicillin: MediVault does not keep AllergyIntolerance records.',
  ]);
  expect(await seriousViolationsAtBothWidths(page, 'main')).toEqual([]);
  if (process.env.SHOTS_DIR) {
    await card(page).scrollIntoViewIfNeeded();
    await shootWidthsAndThemes(page, process.env.SHOTS_DIR, 'import-records-preview');
  }

  await card(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Added 1 report and 1 medication from clinic-records.json.')).toBeVisible();
  await expect(preview).toBeHidden();
  const reports = await (await page.request.get('/api/medical-reports')).json();
  expect(reports).toEqual([expect.objectContaining({ title: 'Thyroid panel', doctorName: 'Dr. Ines Alvarez', facility: 'Northside Lab', results: { tsh: { value: 2.1, unit: 'mIU/L', referenceRange: '0.4-4.0' } } })]);
  const { medications } = await (await page.request.get('/api/medications')).json();
  expect(medications).toEqual([expect.objectContaining({ name: 'Levothyroxine', dosage: '50mcg', frequency: 'once_daily', isActive: true })]);

  // The same file again: nothing new, and Save has nothing to do.
  await card(page).getByLabel('FHIR file').setInputFiles({ name: 'clinic-records.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file('Lina', 'Okoro'))) });
  await expect(preview).toContainText('From clinic-records.json: nothing new to add.');
  await expect(card(page).getByRole('button', { name: 'Save' })).toBeDisabled();

  // Someone else's file: the server's reason, nothing saved.
  await card(page).getByLabel('FHIR file').setInputFiles({ name: 'other.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file('Marta', 'Silva'))) });
  await expect(card(page).getByRole('alert')).toContainText('This file holds the records of someone else');
});

test("on a nearly full free plan the preview says how many reports fit and which are left out; Save adds those that fit", async ({ page }) => {
  const patient = newPatient('imq', { firstName: 'Omar', lastName: 'Sayed', password: 'Import-Quota-42' });
  await signUpByApi(page.request, patient);
  await signInByApi(page.request, patient);
  for (let index = 1; index < FREE_PLAN_REPORT_LIMIT; index++) {
    const added = await page.request.post('/api/medical-reports', { data: { title: `Check-up ${index}`, type: 'consultation', reportDate: '2026-10-01' } });
    expect(added.status(), await added.text()).toBe(201);
  }
  // The file's Thyroid panel (2025) and an older Condition: only the newer fits.
  const base = file('Omar', 'Sayed');
  const twoReports = { ...base, entry: [...base.entry, { fullUrl: 'urn:uuid:e2e00000-0000-4000-8000-000000000006', resource: { resourceType: 'Condition', code: { text: 'Hypertension' }, onsetDateTime: '2018-04-01' } }] };
  await page.goto('/settings');
  await card(page).getByLabel('FHIR file').setInputFiles({ name: 'hospital.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(twoReports)) });

  const preview = card(page).getByRole('region', { name: 'Import preview' });
  await expect(preview).toContainText('From hospital.json: 1 report and 1 medication to add.');
  await expect(preview.getByRole('note', { name: 'Free plan' })).toHaveText(
    'Your free plan has room for 1 more report: 1 report of this file is left out (under Skipped). Upgrade to Premium to import the whole file.Upgrade to Premium',
  );
  await expect(preview.getByRole('listitem').filter({ hasText: 'Condition: Hypertension' })).toHaveText(`Condition: Hypertension: The free plan holds ${FREE_PLAN_REPORT_LIMIT} reports: upgrade to Premium to import this one.`);
  expect(await seriousViolations(page, 'main')).toEqual([]);
  if (process.env.SHOTS_DIR) {
    await card(page).scrollIntoViewIfNeeded();
    await shootWidthsAndThemes(page, process.env.SHOTS_DIR, 'import-records-free-plan');
  }

  await card(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Added 1 report and 1 medication from hospital.json. 1 report did not fit the free plan: upgrade to Premium and import the file again to add them.')).toBeVisible();
  const reports = (await (await page.request.get('/api/medical-reports')).json()) as Array<{ title: string }>;
  expect(reports).toHaveLength(FREE_PLAN_REPORT_LIMIT);
  expect(reports.map((report) => report.title)).toContain('Thyroid panel');
});
