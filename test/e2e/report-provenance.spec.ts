/**
 * A lab report read from a document, corrected by the patient: the treating doctor sees it marked
 * 'Changed by the patient' with the original status and results beside the current ones.
 */
import pg from 'pg';
import { test, expect } from '@playwright/test';
import { DEMO_CREDENTIALS, DEMO_IDS } from '../../db/seeds/demo';
import { E2E_PG_PORT } from './support/e2e-servers';
import { newPatient, signInByApi, signUpByApi } from './support/patients';
import { embeddedDatabaseUrl } from '../../db/embedded';
import { keepShot } from './support/screens';


/** A report as a scanned document would have given it (the e2e database, written directly). */
async function insertDocumentReport(userId: string): Promise<string> {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(E2E_PG_PORT) });
  await client.connect();
  try {
    const { rows } = await client.query(
      `INSERT INTO medical_reports (user_id, title, type, status, report_date, results, changed_by)
       VALUES ($1, 'Iron panel', 'blood_work', 'urgent', now(), $2, 'document') RETURNING id`,
      [userId, JSON.stringify({ ferritin: { value: 8, unit: 'ng/mL', referenceRange: '20-250' } })],
    );
    return rows[0].id;
  } finally {
    await client.end();
  }
}

test("the doctor sees the patient's change to a lab report beside the document's original", async ({ browser }) => {
  const patient = await browser.newContext();
  const casey = newPatient('prov', { firstName: 'Casey', lastName: 'Moss', password: 'Provenance-Check-1' });
  await signUpByApi(patient.request, casey);
  await signInByApi(patient.request, casey);
  const me = await (await patient.request.get('/api/auth/me')).json();
  const reportId = await insertDocumentReport(me.id);
  const corrected = await patient.request.patch(`/api/medical-reports/${reportId}`, {
    data: {
      status: 'normal',
      results: {
        ferritin: { value: 80, unit: 'ng/mL', referenceRange: '20-250' },
        serumIron: { value: 95, unit: 'ug/dL', referenceRange: '60-170' },
        transferrinSaturation: { value: 28, unit: '%', referenceRange: '20-50' },
        totalIronBindingCapacity: { value: 340, unit: 'ug/dL', referenceRange: '250-450' },
      },
    },
  });
  expect(corrected.status()).toBe(200);
  const booked = await patient.request.post('/api/consultations', {
    data: { doctorId: DEMO_IDS.doctors.sarahChen, appointmentDate: new Date(Date.now() + (30 + Math.random() * 200) * 86_400_000).toISOString(), consultationType: 'video', symptoms: 'Tired' },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const consultationId = (await booked.json()).id;

  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    const doctor = await browser.newContext({ viewport });
    const login = await doctor.request.post('/api/auth/doctor/login', { data: { email: DEMO_CREDENTIALS.doctor.email, password: DEMO_CREDENTIALS.doctor.password } });
    expect(login.status()).toBe(200);
    const page = await doctor.newPage();
    await page.goto(`/doctor/consultation/${consultationId}`);
    await page.getByRole('tab', { name: 'Medical Records' }).click();
    const report = page.getByTestId('patient-report').filter({ hasText: 'Iron panel' });
    await expect(report).toContainText('Normal');
    const change = report.getByTestId('patient-change');
    await expect(change).toContainText('Changed by the patient');
    await expect(change).toContainText('Status was Urgent');
    await expect(change).toContainText('Results were changed; the original results:');
    await expect(change.getByTestId('test-results')).toContainText('8');
    await keepShot(report, `doctor-patient-change-${viewport.width}`);
    // No report page is a click away here: the results the list leaves out open in place.
    const results = report.getByTestId('test-results').first();
    await expect(results.getByTestId('test-result')).toHaveCount(2);
    await results.getByRole('button', { name: '+2 more fields' }).click();
    await expect(results.getByTestId('test-result')).toHaveCount(4);
    await expect(results.getByRole('button', { name: 'Show fewer' })).toBeFocused();
    await expect(results).toContainText('Total Iron Binding Capacity');
    await results.getByRole('button', { name: 'Show fewer' }).click();
    await expect(results.getByTestId('test-result')).toHaveCount(2);
    await doctor.close();
  }
  await patient.close();
});
