import { randomUUID } from 'node:crypto';
import { format, isSameDay } from 'date-fns';
import { gzipSync } from 'node:zlib';
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { APPOINTMENT_SPECIALTIES, APPOINTMENT_STATUS_LABELS, MEDICATION_FREQUENCY_LABELS, greetingFor } from '../../common/constants';
import { medicationState, isPastAppointment, isUpcomingAppointment, PAST_APPOINTMENT_LABEL } from '../../common/records';
import type { Appointment, MedicalReport, MedicationList, AppNotification } from '../../common/api-types';
import { runSql } from './support/database';
import { failReadsOf } from './support/failing-reads';
import { shootBothThemes } from './support/screens';
import { signInFreshPatient } from './support/patients';

/**
 * The patient's daily records, screen by screen: read-only checks on the seeded demo patient (Alex
 * Morgan), everything that changes data on a freshly signed-up patient.
 */

const DEMO = { login: 'demo', password: 'Demo1234!' };
const DEMO_REPORTS = {
  cbcEarlier: '30000000-0000-4000-8000-000000000001',
  brainMri: '30000000-0000-4000-8000-000000000004',
  premiumAnalysis: '30000000-0000-4000-8000-000000000008',
};

async function signIn(page: Page, login: string, password: string): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: { usernameOrEmail: login, password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Signs up and signs in a patient with no records; answers its id. */
function freshPatient(page: Page, firstName = 'Riley'): Promise<string> {
  return signInFreshPatient(page, { prefix: 'rec', firstName, lastName: 'Tester', password: 'Records123!' });
}

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), path).toBe(true);
  return (await res.json()) as T;
}

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

function inDays(days: number, hour = 10): Date {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(hour, 30, 0, 0);
  return d;
}

const dateInput = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

test.describe('dashboard', () => {
  test('greets the demo patient and shows their counts, recent reports and upcoming appointments', async ({ page }) => {
    await signIn(page, DEMO.login, DEMO.password);
    const [reports, { medications }, appointments, notifications] = await Promise.all([
      getJson<MedicalReport[]>(page.request, '/api/medical-reports'),
      getJson<MedicationList>(page.request, '/api/medications'),
      getJson<Appointment[]>(page.request, '/api/appointments'),
      getJson<AppNotification[]>(page.request, '/api/notifications'),
    ]);
    // The page's clock stands still at the moment the lists were read, so each time-dependent line has one right answer.
    const now = new Date();
    await page.clock.setFixedTime(now);
    await page.goto('/dashboard');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(greetingFor(now, 'Alex'));

    const unread = notifications.filter((n) => !n.isRead).length;
    if (unread) await expect(page.getByTestId('unread-count')).toHaveText(String(unread));
    await expect(page.getByTestId('stat-reports')).toContainText(String(reports.length));
    await expect(page.getByTestId('stat-medications')).toContainText(String(medications.filter((m) => medicationState(m) === 'active').length));
    const upcoming = appointments.filter((a) => isUpcomingAppointment(a, now.getTime())).sort((a, b) => Date.parse(a.appointmentDate) - Date.parse(b.appointmentDate));
    const next = upcoming[0] && new Date(upcoming[0].appointmentDate);
    await expect(page.getByTestId('stat-next-appointment')).toContainText(!next ? 'None' : isSameDay(next, now) ? 'Today' : format(next, 'MMM d'));

    const recent = page.getByTestId('recent-reports');
    await expect(recent.getByTestId('report-row')).toHaveCount(Math.min(5, reports.length));
    await expect(recent.getByTestId('report-row').first()).toContainText(reports[0]!.title);
    await expect(recent.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/reports');

    const cards = page.getByTestId('upcoming-appointments').getByTestId('upcoming-appointment');
    await expect(cards).toHaveCount(Math.min(2, upcoming.length));
    for (const [i, a] of upcoming.slice(0, 2).entries()) {
      await expect(cards.nth(i)).toContainText(APPOINTMENT_STATUS_LABELS[a.status]);
      await expect(cards.nth(i).getByTestId('reminder-toggle')).toHaveText(a.reminderEnabled ? 'Reminder Set' : 'Set Reminder');
    }

    const summary = page.getByTestId('health-summary-card');
    await expect(summary).toContainText('Health Summary');
    await expect(summary).toContainText(`Total Reports${reports.length}`);
    await expect(summary).toContainText('AI AnalysisReady');
    await expect(summary).toHaveAttribute('href', '/health-summary');

    for (const [name, href] of [['Telemedicine', '/telemedicine'], ['Scan Document', '/scanner'], ['Medications', '/medications'], ['Appointments', '/appointments']]) {
      await expect(page.getByRole('navigation', { name: 'Services' }).getByRole('link', { name: new RegExp(name!) })).toHaveAttribute('href', href!);
    }
    await expect(page.getByRole('link', { name: 'Access history' })).toHaveAttribute('href', '/access-history');
  });

  test('greets by the time of day: morning until noon, afternoon until 18:00, then evening', async ({ page }) => {
    await freshPatient(page, 'Noa');
    for (const [hour, minute, greeting] of [
      [8, 0, 'Good morning, Noa'],
      [11, 59, 'Good morning, Noa'],
      [12, 0, 'Good afternoon, Noa'],
      [17, 59, 'Good afternoon, Noa'],
      [18, 0, 'Good evening, Noa'],
      [23, 30, 'Good evening, Noa'],
    ] as const) {
      const at = new Date();
      at.setHours(hour, minute, 0, 0);
      await page.clock.setFixedTime(at);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(greeting);
    }
  });

  test('names the next appointment Today on its day, by its date before, and None once it is past', async ({ page }) => {
    await freshPatient(page);
    const when = inDays(3, 10);
    const booked = await page.request.post('/api/appointments', { data: { doctorName: 'Dr. Clock', specialty: 'Cardiology', facility: 'Clock Clinic', appointmentDate: when.toISOString() } });
    expect(booked.status(), await booked.text()).toBe(201);
    const dayBefore = new Date(when);
    dayBefore.setDate(when.getDate() - 1);
    for (const [at, label] of [
      [dayBefore, format(when, 'MMM d')],
      [new Date(when.getTime() - 2 * 3_600_000), 'Today'],
      [new Date(when.getTime() + 3_600_000), 'None'],
    ] as const) {
      await page.clock.setFixedTime(at);
      await page.goto('/dashboard');
      await expect(page.getByTestId('stat-next-appointment')).toContainText(label);
    }
  });

  test('filters recent reports by title as you type, without a toast; Search opens Reports with the query', async ({ page }) => {
    await signIn(page, DEMO.login, DEMO.password);
    await page.goto('/dashboard');
    const rows = page.getByTestId('recent-reports').getByTestId('report-row');
    await expect(rows.first()).toBeVisible();
    await page.getByLabel('Search reports').fill('BLOOD COUNT');
    await expect(rows).not.toHaveCount(0);
    for (const title of await rows.locator('strong').allTextContents()) expect(title.toLowerCase()).toContain('blood count');
    await expect(page.locator('.Toastify__toast')).toHaveCount(0);
    await page.getByLabel('Search reports').fill('no such report title');
    await expect(page.getByText('No reports match your search')).toBeVisible();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/reports\?q=no(%20|\+)such(%20|\+)report(%20|\+)title$/);
    await expect(page.getByLabel('Search reports')).toHaveValue('no such report title');
    await expect(page.locator('.Toastify__toast')).toHaveCount(0);
  });

  test('a new patient sees the empty states, New Record leads to the scanner', async ({ page }) => {
    await freshPatient(page, 'Sam');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/, Sam$/);
    await expect(page.getByTestId('stat-reports')).toContainText('0');
    await expect(page.getByTestId('stat-next-appointment')).toContainText('None');
    await expect(page.getByText('No medical reports yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Your First Report' })).toHaveAttribute('href', '/scanner');
    await expect(page.getByText('No upcoming appointments')).toBeVisible();
    // The label itself shows on a phone, not only an icon.
    await expect(page.getByText('New Record', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'New Record' }).click();
    await expect(page).toHaveURL(/\/scanner$/);
  });

  test('the bell counts unread notifications; opening one marks it read and leads to what it is about', async ({ page }) => {
    const patientId = await freshPatient(page);
    await runSql(
      `insert into notifications (user_id, title, message, type, is_read, created_at) values
       ($1, 'Medication reminder', 'Time to take Metformin 500mg.', 'medication_reminder', false, now() - interval '1 hour'),
       ($1, 'New report available', 'Your lab results are ready.', 'report', false, now()),
       ($1, 'Welcome to MediVault', 'Your records are encrypted.', 'general', true, now() - interval '2 days')`,
      [patientId],
    );
    await page.goto('/dashboard');
    await expect(page.getByTestId('unread-count')).toHaveText('2');
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).click();
    const list = page.getByRole('dialog', { name: 'Notifications' });
    await expect(list.getByTestId('notification')).toHaveCount(3);
    // A general note leads nowhere: the list stays open.
    await list.getByRole('button', { name: 'Welcome to MediVault' }).click();
    await expect(list).toBeVisible();
    await list.getByRole('button', { name: 'New report available (unread)' }).click();
    await expect(page).toHaveURL(/\/reports$/);
    await expect(page.getByRole('heading', { name: 'Medical Reports', exact: true })).toBeVisible();
    // Back in the app (not a reload, which could cut the marking short).
    await page.goBack();
    await expect(page.getByTestId('unread-count')).toHaveText('1');
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await list.getByRole('button', { name: 'Medication reminder (unread)' }).click();
    await expect(page).toHaveURL(/\/medications$/);
    await page.goBack();
    await expect(page.getByTestId('unread-count')).toHaveCount(0);
    const stored = await getJson<AppNotification[]>(page.request, '/api/notifications');
    expect(stored.every((n) => n.isRead)).toBe(true);
  });

  test('Mark all as read in the bell marks every notification read', async ({ page }) => {
    const patientId = await freshPatient(page);
    await runSql(
      `insert into notifications (user_id, title, message, type, is_read, created_at) values
       ($1, 'Medication reminder', 'Time to take Metformin 500mg.', 'medication_reminder', false, now() - interval '1 hour'),
       ($1, 'New report available', 'Your lab results are ready.', 'report', false, now())`,
      [patientId],
    );
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).click();
    const list = page.getByRole('dialog', { name: 'Notifications' });
    await list.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByTestId('unread-count')).toHaveCount(0);
    const stored = await getJson<AppNotification[]>(page.request, '/api/notifications');
    expect(stored.every((n) => n.isRead)).toBe(true);
  });

  test('the reminder toggle flips the label and logout signs out', async ({ page }) => {
    await freshPatient(page);
    const res = await page.request.post('/api/appointments', {
      data: { doctorName: 'Dr. Priya Raman', specialty: 'Dermatology', facility: 'Skin Health Partners', appointmentDate: inDays(4).toISOString(), cost: 11000 },
    });
    expect(res.status()).toBe(201);
    await page.goto('/dashboard');
    const card = page.getByTestId('upcoming-appointment');
    await expect(card).toContainText('Scheduled');
    await card.getByRole('button', { name: 'Set Reminder' }).click();
    await expect(toast(page, 'Reminder Updated')).toBeVisible();
    await expect(page.getByText('Appointment reminder has been updated successfully.')).toBeVisible();
    await expect(card.getByTestId('reminder-toggle')).toHaveText('Reminder Set');

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(toast(page, 'Logged Out')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get('/api/medical-reports')).status()).toBe(401);
  });
});

test.describe('reports', () => {
  test('lists the demo reports with stats, chip counts, search, sort and premium gating', async ({ page }) => {
    await signIn(page, DEMO.login, DEMO.password);
    const reports = await getJson<MedicalReport[]>(page.request, '/api/medical-reports');
    await page.goto('/reports');
    await expect(page.getByRole('heading', { name: 'Medical Reports' })).toBeVisible();
    await expect(page.getByTestId('stat-total')).toContainText(String(reports.length));
    await expect(page.getByTestId('stat-need-review')).toContainText(String(reports.filter((r) => r.status === 'urgent').length));
    await expect(page.getByTestId('stat-offline')).toContainText(String(reports.filter((r) => r.isOfflineAvailable).length));
    const count = (filter: (r: MedicalReport) => boolean) => String(reports.filter(filter).length);
    await expect(page.getByTestId('filter-All')).toHaveText(`All${reports.length}`);
    await expect(page.getByTestId('filter-Urgent')).toHaveText(`Urgent${count((r) => r.status === 'urgent')}`);
    await expect(page.getByTestId('filter-Blood Work')).toHaveText(`Blood Work${count((r) => r.type === 'blood_work')}`);
    await expect(page.getByTestId('filter-X-Ray')).toHaveText(`X-Ray${count((r) => r.type === 'x_ray')}`);
    await expect(page.getByTestId('filter-Prescriptions')).toHaveText(`Prescriptions${count((r) => r.type === 'prescription')}`);

    const cards = page.getByTestId('report-card');
    await expect(cards).toHaveCount(reports.length);
    // Newest first, dates as 'MMM dd, yyyy'.
    await expect(cards.first()).toContainText(reports[0]!.title);
    await expect(cards.first()).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4}/);

    // A free user's premium analysis: dimmed, 'Premium Required', its download leads to /premium.
    const premium = page.locator('[data-testid="report-card"][data-locked="true"]');
    await expect(premium).toHaveCount(1);
    await expect(premium.getByRole('button', { name: 'Premium Required' })).toBeDisabled();
    // Dimmed by grey, not by opacity, which would take its text below readable contrast (axe checks it).
    await expect(premium).toHaveCSS('filter', 'grayscale(1)');

    // The compact test results: the first 2 fields and '+N more fields'.
    const cbc = cards.filter({ hasText: 'Complete Blood Count' }).filter({ hasText: 'Review' });
    await expect(cbc.getByTestId('test-result')).toHaveCount(2);
    await expect(cbc.getByText('+3 more fields')).toBeVisible();
    // As the spec writes it, also as displayed (innerText follows text-transform).
    expect(await cbc.getByRole('heading', { name: 'Test Results' }).innerText()).toBe('Test Results');

    await page.getByTestId('filter-Urgent').click();
    await expect(cards).toHaveCount(Number(count((r) => r.status === 'urgent')));
    await expect(cards.first()).toContainText('Brain MRI');
    await page.getByTestId('filter-All').click();

    await page.getByLabel('Search reports').fill('city imaging');
    await expect(cards).toHaveCount(Number(count((r) => Boolean(r.facility?.toLowerCase().includes('city imaging')))));
    await page.getByLabel('Search reports').fill('okafor');
    await expect(cards).toHaveCount(Number(count((r) => Boolean(r.doctorName?.toLowerCase().includes('okafor')))));
    await page.getByLabel('Search reports').fill('');

    await page.getByLabel('Sort by').selectOption('Status');
    await expect(cards.first()).toContainText('Urgent');

    await page.getByLabel('Search reports').fill('zzz-nothing');
    await expect(page.getByText('No reports found')).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(cards).toHaveCount(reports.length);

    await page.getByRole('link', { name: 'Premium Export' }).click();
    await expect(page).toHaveURL(/\/premium$/);
  });

  test('the locked report’s download goes to /premium', async ({ page }) => {
    await signIn(page, DEMO.login, DEMO.password);
    await page.goto('/reports');
    await page.locator('[data-testid="report-card"][data-locked="true"]').getByRole('button', { name: 'Download' }).click();
    await expect(page).toHaveURL(/\/premium$/);
    await page.goto(`/reports/${DEMO_REPORTS.premiumAnalysis}`);
    await expect(page).toHaveURL(/\/premium$/);
  });

  test('a new patient gets Add Report; a premium patient exports', async ({ page }) => {
    const patientId = await freshPatient(page);
    await page.goto('/reports');
    await expect(page.getByText('No medical reports yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Report' })).toHaveAttribute('href', '/scanner');
    await runSql(`update users set stripe_subscription_id = 'sub_e2e_' || $1 where id = $1`, [patientId]);
    await page.goto('/reports');
    await page.getByRole('button', { name: 'Export PDF' }).click();
    await expect(toast(page, 'Your PDF export is being generated...')).toBeVisible();
  });
});

test.describe('report detail', () => {
  test('shows status, type, long date, provider, summary, test results, download and share', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, DEMO.login, DEMO.password);
    const report = await getJson<MedicalReport>(page.request, `/api/medical-reports/${DEMO_REPORTS.cbcEarlier}`);
    await page.goto(`/reports/${DEMO_REPORTS.cbcEarlier}`);
    await expect(page.getByRole('heading', { name: 'Complete Blood Count', exact: true })).toBeVisible();
    const status = page.getByTestId('report-status');
    await expect(status).toHaveText('Review');
    await expect(status).toHaveCSS('color', 'rgb(161, 98, 7)');
    await expect(page.getByText('Blood Work', { exact: true })).toBeVisible();
    const long = new Date(report.reportDate).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
    await expect(page.getByText(long)).toBeVisible();
    await expect(page.getByText('Available offline')).toBeVisible();
    await expect(page.getByLabel('Provider')).toContainText('Dr. Sarah Chen');
    await expect(page.getByLabel('Provider')).toContainText('Riverside Medical Laboratory');
    await expect(page.getByText(report.summary!)).toBeVisible();

    const results = page.getByTestId('test-results');
    await expect(results.getByRole('heading', { name: 'Test Results' })).toBeVisible();
    await expect(results.getByTestId('test-result')).toHaveCount(5);
    await expect(results.getByText('White Blood Cells')).toBeVisible();
    const hemoglobin = results.getByTestId('test-result').filter({ hasText: 'Hemoglobin' });
    await expect(hemoglobin).toContainText('13.2 g/dL');
    await expect(hemoglobin).toContainText('Reference range: 13.5-17.5 g/dL');
    await expect(hemoglobin.getByTestId('range-flag')).toHaveText('↓ Low');
    await expect(results.getByTestId('test-result').filter({ hasText: 'Platelets' }).getByTestId('range-flag')).toHaveText('In range');
    await expect(results.getByText('10³/µL').first()).toBeVisible();

    // Each value was measured again in the follow-up: a chart (described in words) and the numbers as a table.
    const trends = page.getByTestId('lab-trends');
    const hemoglobinTrend = trends.getByRole('region', { name: 'Hemoglobin trend' });
    await expect(hemoglobinTrend.getByRole('img', { name: /^Hemoglobin went from 13.2 g\/dL \(low\) on .+ to 14.1 g\/dL on .+, over 2 reports\.$/ })).toBeVisible();
    await expect(hemoglobinTrend.locator('.recharts-line-dots circle')).toHaveCount(2);
    const rows = hemoglobinTrend.getByRole('table', { name: 'Hemoglobin by date' }).getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText('14.1 g/dL');
    await expect(rows.nth(1)).toContainText('In range');
    await expect(rows.nth(2)).toContainText('13.2 g/dL');
    await expect(rows.nth(2)).toContainText('Low');

    // The seeded report's original: a real PDF generated at seed time, served as an attachment.
    const download = page.context().waitForEvent('response', (response) => response.url().endsWith(`/api/documents/31${DEMO_REPORTS.cbcEarlier.slice(2)}/file`));
    await page.getByRole('button', { name: 'Download' }).click();
    const response = await download;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['content-disposition']).toBe('attachment; filename="complete-blood-count.pdf"; filename*=UTF-8\'\'complete-blood-count.pdf');

    await page.getByRole('button', { name: 'Share' }).click();
    const copied = page.locator('.Toastify__toast').filter({ has: page.getByText('Link copied', { exact: true }) });
    await expect(copied).toContainText('It opens this report only for you, signed in. For a doctor to read it, make a link they can open.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/reports/${DEMO_REPORTS.cbcEarlier}$`));
    // The toast leads to a link a doctor can open, with this report already chosen.
    await copied.getByRole('button', { name: 'Share with a doctor' }).click();
    await expect(copied).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/settings\\?report=${DEMO_REPORTS.cbcEarlier}#share$`));
    const card = page.locator('#share');
    await expect(card.getByRole('radio', { name: 'Chosen reports and medications' })).toBeChecked();
    // This report alone (not its follow-up of the same name).
    await expect(card.getByRole('checkbox', { checked: true })).toHaveCount(1);
    await expect(card.getByRole('checkbox', { checked: true })).toHaveAccessibleName(/^Complete Blood Count \((?!follow-up)/);
    await expect(card.getByRole('heading', { name: 'Share with a doctor' })).toBeInViewport();
  });

  test('uses the native share sheet when the browser has one', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { __shared: unknown[] }).__shared = [];
      Object.defineProperty(navigator, 'share', { value: async (data: unknown) => void (window as unknown as { __shared: unknown[] }).__shared.push(data) });
    });
    await signIn(page, DEMO.login, DEMO.password);
    await page.goto(`/reports/${DEMO_REPORTS.cbcEarlier}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __shared: Array<{ title: string }> }).__shared[0]?.title)).toBe('Complete Blood Count');
    await expect(page.locator('.Toastify__toast').filter({ has: page.getByText('Link shared', { exact: true }) })).toContainText('It opens this report only for you, signed in.');
  });

  test('an urgent report is red with an alert icon and reads results stored as JSON text', async ({ page }) => {
    await signIn(page, DEMO.login, DEMO.password);
    await page.goto(`/reports/${DEMO_REPORTS.brainMri}`);
    const status = page.getByTestId('report-status');
    await expect(status).toHaveText('Urgent');
    await expect(status.getByRole('img', { name: 'Alert' })).toBeVisible();
    await expect(status).toHaveCSS('color', 'rgb(185, 28, 28)');
    const results = page.getByTestId('test-results');
    await expect(results.getByText('Likely benign')).toBeVisible();
    await expect(results.getByTestId('test-result').filter({ has: page.getByText('Contrast', { exact: true }) }).locator('dd')).toHaveText('No');
    await expect(page.getByTestId('lab-trends')).toHaveCount(0);
    // The seed gives every demo report a document.
    await expect(page.getByRole('button', { name: 'Download' })).toBeEnabled();
  });

  test('empty, unparseable and array results, and a missing report', async ({ page }) => {
    const patientId = await freshPatient(page);
    const [none, broken, arrays] = [randomUUID(), randomUUID(), randomUUID()];
    await runSql(
      `insert into medical_reports (id, user_id, title, type, status, report_date, results) values
       ($1, $4, 'No Results', 'consultation', 'active', now(), null),
       ($2, $4, 'Broken Results', 'x_ray', 'normal', now(), to_jsonb('{not json'::text)),
       ($3, $4, 'Allergy Panel', 'blood_work', 'normal', now(), '{"allergies": [], "reactions": ["Hives", "Rash"], "notes": ""}'::jsonb)`,
      [none, broken, arrays, patientId],
    );
    await page.goto(`/reports/${none}`);
    await expect(page.getByText('No test results to display.')).toBeVisible();
    // No document: Download is off, and the page says why where a phone shows it (not in a hover tooltip).
    await expect(page.getByRole('button', { name: 'Download' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Download' })).toHaveAccessibleDescription('No document attached to this report.');
    await expect(page.getByTestId('report-status')).toHaveCSS('color', 'rgb(29, 78, 216)');
    await page.goto(`/reports/${broken}`);
    await expect(page.getByText('Error parsing test results.')).toBeVisible();
    await page.goto(`/reports/${arrays}`);
    const results = page.getByTestId('test-result');
    await expect(results.filter({ hasText: 'Allergies' }).locator('dd')).toHaveText('None');
    await expect(results.filter({ hasText: 'Reactions' }).locator('dd')).toHaveText('HivesRash');
    await expect(results.filter({ hasText: 'Notes' }).locator('dd')).toHaveText('None');

    await page.goto(`/reports/${randomUUID()}`);
    await expect(page.getByRole('heading', { name: 'Report Not Found' })).toBeVisible();
    await expect(page.getByText("The report you're looking for doesn't exist.")).toBeVisible();
    await page.getByRole('link', { name: 'Back to Reports' }).click();
    await expect(page).toHaveURL(/\/reports$/);
  });
});

test.describe('medications', () => {
  test('shows Active, Expired and Inactive badges for the demo patient', async ({ page }) => {
    await signIn(page, DEMO.login, DEMO.password);
    await page.goto('/medications');
    await expect(page.getByRole('article', { name: 'Ibuprofen' }).getByTestId('medication-state')).toHaveText('Expired');
    await expect(page.getByRole('article', { name: 'Ibuprofen' }).getByTestId('medication-state')).toHaveCSS('color', 'rgb(185, 28, 28)');
    await expect(page.getByRole('article', { name: 'Amoxicillin' }).getByTestId('medication-state')).toHaveText('Inactive');
    await expect(page.getByRole('article', { name: 'Metformin' }).getByTestId('medication-state')).toHaveText('Active');
    await expect(page.getByRole('article', { name: 'Metformin' })).toContainText('Twice daily');
  });

  test('adds with the spec defaults, edits, expires, deactivates and deletes a medication', async ({ page }) => {
    await freshPatient(page);
    await page.goto('/medications');
    await expect(page.getByText('No medications yet')).toBeVisible();
    await page.getByRole('button', { name: 'Add Medication' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Medication' });
    await expect(dialog.getByLabel('Frequency')).toHaveValue('once_daily');
    await expect(dialog.getByLabel('Reminder time 1', { exact: true })).toHaveValue('08:00');
    expect(await dialog.getByLabel('Frequency').locator('option').allTextContents()).toEqual(Object.values(MEDICATION_FREQUENCY_LABELS));
    await dialog.getByRole('button', { name: 'Add Medication' }).click();
    await expect(dialog.getByText('Medication name is required')).toBeVisible();
    await expect(dialog.getByText('Dosage is required')).toBeVisible();

    await dialog.getByLabel('Medication Name').fill('Atorvastatin');
    await dialog.getByLabel('Dosage').fill('20mg');
    await dialog.getByLabel('Frequency').selectOption('twice_daily');
    await dialog.getByRole('button', { name: 'Add time' }).click();
    await dialog.getByLabel('Reminder time 2', { exact: true }).fill('20:00');
    await dialog.getByRole('button', { name: 'Add Medication' }).click();
    await expect(toast(page, 'Medication added successfully')).toBeVisible();
    const card = page.getByRole('article', { name: 'Atorvastatin' });
    await expect(card.getByTestId('medication-state')).toHaveText('Active');
    await expect(card).toContainText('20mg · Twice daily');
    await expect(card.getByLabel('Reminder times')).toContainText('08:0020:00');

    await card.getByRole('button', { name: 'Edit Atorvastatin' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Medication' });
    await edit.getByLabel('Dosage').fill('40mg');
    await edit.getByLabel('Start Date').fill(dateInput(inDays(-20)));
    await edit.getByLabel('End Date (optional)').fill(dateInput(inDays(-2)));
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Medication updated')).toBeVisible();
    await expect(card).toContainText('40mg');
    await expect(card.getByTestId('medication-state')).toHaveText('Expired');

    await card.getByRole('button', { name: 'Edit Atorvastatin' }).click();
    await page.getByRole('dialog', { name: 'Edit Medication' }).getByLabel('Currently taking this medication').uncheck();
    await page.getByRole('dialog', { name: 'Edit Medication' }).getByRole('button', { name: 'Save Changes' }).click();
    await expect(card.getByTestId('medication-state')).toHaveText('Inactive');

    await card.getByRole('button', { name: 'Delete Atorvastatin' }).click();
    await page.getByRole('dialog', { name: 'Delete Medication?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Medication deleted')).toBeVisible();
    await expect(page.getByText('No medications yet')).toBeVisible();
  });
});

test.describe('appointments', () => {
  test('shows the demo patient’s stats, upcoming appointments, and past and cancelled ones', async ({ page }) => {
    await signIn(page, DEMO.login, DEMO.password);
    const appointments = await getJson<Appointment[]>(page.request, '/api/appointments');
    await page.goto('/appointments');
    const upcoming = appointments.filter((a) => isUpcomingAppointment(a));
    await expect(page.getByTestId('stat-upcoming')).toContainText(String(upcoming.length));
    await expect(page.getByTestId('stat-completed')).toContainText(String(appointments.filter((a) => a.status === 'completed').length));
    await expect(page.getByTestId('stat-cancelled')).toContainText(String(appointments.filter((a) => a.status === 'cancelled').length));
    await expect(page.getByTestId('upcoming-appointment')).toHaveCount(upcoming.length);
    const pastAndCancelled = appointments
      .filter((a) => a.status === 'cancelled' || isPastAppointment(a))
      .sort((a, b) => Date.parse(b.appointmentDate) - Date.parse(a.appointmentDate));
    const past = page.getByRole('region', { name: 'Past & cancelled' }).getByTestId('past-appointment');
    await expect(past).toHaveCount(pastAndCancelled.length);
    const badgeOf = (a: Appointment) => (a.status === 'completed' || a.status === 'cancelled' ? APPOINTMENT_STATUS_LABELS[a.status] : PAST_APPOINTMENT_LABEL);
    for (const [i, a] of pastAndCancelled.entries()) await expect(past.nth(i)).toContainText(badgeOf(a));
    await expect(past.filter({ hasText: 'Pediatrics' })).toContainText('Cancelled');
  });

  test('books, reminds, reschedules and cancels an appointment', async ({ page }) => {
    await freshPatient(page);
    await page.goto('/appointments');
    await expect(page.getByText('No appointments scheduled')).toBeVisible();
    await page.getByRole('button', { name: 'Book Appointment' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Book Appointment' });
    expect(await dialog.getByLabel('Specialty').locator('option').allTextContents()).toEqual(['Select a specialty', ...APPOINTMENT_SPECIALTIES]);
    await dialog.getByRole('button', { name: 'Book Appointment' }).click();
    await expect(dialog.getByText('Doctor name is required')).toBeVisible();
    await expect(dialog.getByText('Please choose a specialty')).toBeVisible();
    await expect(dialog.getByText('Facility is required')).toBeVisible();

    const when = inDays(6, 14);
    await dialog.getByLabel('Doctor Name').fill('Dr. Lena Park');
    await dialog.getByLabel('Specialty').selectOption('Neurology');
    await dialog.locator('input[name="facility"]').fill('Brain Health Clinic');
    await dialog.getByLabel('Date').fill(dateInput(when));
    await dialog.getByLabel('Time').fill('14:30');
    await dialog.getByLabel('Cost ($)').fill('120.50');
    await dialog.getByRole('button', { name: 'Book Appointment' }).click();
    await expect(toast(page, 'Appointment booked successfully')).toBeVisible();
    const card = page.getByTestId('upcoming-appointment');
    await expect(card).toContainText('Dr. Lena Park');
    await expect(card).toContainText('2:30 PM');
    await expect(card).toContainText('$120.50');
    await expect(card).toContainText(/MV-[A-Z0-9]{6}/);
    await expect(page.getByTestId('stat-upcoming')).toContainText('1');

    await card.getByRole('button', { name: 'Set Reminder' }).click();
    await expect(card.getByTestId('reminder-toggle')).toHaveText('Reminder Set');

    await card.getByRole('button', { name: 'Reschedule' }).click();
    const reschedule = page.getByRole('dialog', { name: 'Reschedule Appointment' });
    const later = inDays(9);
    await reschedule.getByLabel('New Date').fill(dateInput(later));
    await reschedule.getByLabel('New Time').fill('09:15');
    await reschedule.getByRole('button', { name: 'Reschedule' }).click();
    await expect(toast(page, 'Appointment Rescheduled')).toBeVisible();
    await expect(card).toContainText('9:15 AM');
    await expect(card).toContainText(String(later.getDate()));

    await card.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Cancel Appointment?' }).getByRole('button', { name: 'Cancel Appointment' }).click();
    await expect(toast(page, 'Appointment Cancelled')).toBeVisible();
    await expect(page.getByText('Your appointment has been successfully cancelled.')).toBeVisible();
    await expect(page.getByTestId('stat-cancelled')).toContainText('1');
    await expect(page.getByTestId('stat-upcoming')).toContainText('0');
  });
});

test.describe('health summary', () => {
  test('shows a skeleton, then the tiles, recent activity and recommendations of the demo patient', async ({ page }) => {
    await signIn(page, DEMO.login, DEMO.password);
    const [reports, { medications }] = await Promise.all([
      getJson<MedicalReport[]>(page.request, '/api/medical-reports'),
      getJson<MedicationList>(page.request, '/api/medications'),
    ]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/dashboard-summary*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/health-summary');
    await expect(page.getByTestId('health-summary-loading')).toBeVisible();
    release();

    const tiles = page.getByTestId('summary-tile');
    await expect(tiles).toHaveCount(4);
    const urgent = reports.filter((r) => r.status === 'urgent').length;
    await expect(tiles.nth(0)).toContainText(`Medical Reports${reports.length}${urgent ? `${urgent} Urgent` : 'All Normal'}`);
    await expect(tiles.nth(1)).toContainText('On Schedule');
    await expect(tiles.nth(2)).toContainText('Scheduled');
    await expect(tiles.nth(3)).toContainText('AI AnalysisReadyAvailable');
    await expect(tiles.nth(3)).toHaveAttribute('href', '/ai-summary');

    const activity = page.getByTestId('recent-activity');
    await expect(activity.getByTestId('report-row')).toHaveCount(3);
    await expect(activity.getByTestId('activity-medication')).toHaveCount(Math.min(2, medications.filter((m) => medicationState(m) === 'active').length));
    await expect(page.getByTestId('recommendations').locator('li').first()).toContainText('Brain MRI');

    await page.getByRole('button', { name: 'Generate AI Summary' }).click();
    await expect(toast(page, 'AI medical summary generated successfully')).toBeVisible();
    await expect(page.getByTestId('summary-result')).toContainText('AI Generated');

    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('reports that could not be loaded are said to have failed beside the medications that could; the urgent badge is the summary\'s', async ({ page }) => {
    await signIn(page, DEMO.login, DEMO.password);
    const summary = await getJson<{ urgentReports: number }>(page.request, '/api/dashboard-summary');
    expect(summary.urgentReports).toBeGreaterThan(0);
    await failReadsOf(page, '/api/medical-reports');
    await page.goto('/health-summary');
    await expect(page.getByTestId('summary-tile').nth(0)).toContainText(`${summary.urgentReports} Urgent`);
    const activity = page.getByTestId('recent-activity');
    await expect(activity.getByTestId('activity-medication').first()).toBeVisible();
    await expect(activity.getByText('Your reports could not be loaded. Check your connection and try again.')).toBeVisible();
    await expect(activity.getByTestId('report-row')).toHaveCount(0);
    await shootBothThemes(page, 'health-summary-failed');
  });

  test('a new patient sees the empty badges and no activity', async ({ page }) => {
    await freshPatient(page);
    await page.goto('/health-summary');
    const tiles = page.getByTestId('summary-tile');
    await expect(tiles.nth(0)).toContainText('All Normal');
    await expect(tiles.nth(1)).toContainText('None Active');
    await expect(tiles.nth(2)).toContainText('None Scheduled');
    await expect(tiles.nth(3)).toContainText('Available');
    await expect(page.getByText('No recent activity to show')).toBeVisible();
    await expect(page.getByTestId('recommendations')).toHaveCount(0);
  });
});

test.describe('AI summary', () => {
  test('generates each analysis from the patient’s own data, with links, disclaimer and copy', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, DEMO.login, DEMO.password);
    await page.goto('/ai-summary');
    for (const title of ['Report Analysis', 'Medication Review', 'Health Insights']) await expect(page.getByRole('button', { name: new RegExp(title) })).toBeVisible();
    await expect(page.getByTestId('analysis-report_analysis')).toContainText('Active');

    await page.getByTestId('analysis-medication_review').click();
    await expect(page.getByTestId('analysis-medication_review')).toContainText('Active');
    await expect(page.getByTestId('analysis-report_analysis')).not.toContainText('Active');

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/medical-summary', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Generate AI Summary' }).click();
    await expect(page.getByRole('button', { name: 'Analyzing Your Data...' })).toBeDisabled();
    release();
    await expect(toast(page, 'Analysis Complete')).toBeVisible();

    const result = page.getByTestId('summary-result');
    await expect(result).toContainText('AI Generated');
    await expect(result.getByTestId('summary-text')).toContainText('Medication Review');
    await expect(result.getByTestId('summary-statement').filter({ hasText: 'Ibuprofen 400mg is still marked active' })).toHaveAttribute('href', '/medications');
    await expect(result).toContainText('not a substitute for professional medical advice');

    await result.getByRole('button', { name: 'Copy Summary' }).click();
    await expect(toast(page, 'Copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('Medication Review');

    await page.getByTestId('analysis-report_analysis').click();
    await result.getByRole('button', { name: 'Regenerate Summary' }).click();
    await expect(result.getByTestId('summary-text')).toContainText('Report Analysis');
    await result.getByTestId('summary-statement').filter({ hasText: 'Brain MRI' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/reports/${DEMO_REPORTS.brainMri}$`));

    await page.goto('/ai-summary');
    await expect(page.getByLabel('Premium AI Features')).toContainText('Trend analysis across reports');
    await page.getByRole('link', { name: 'Upgrade to Premium' }).click();
    await expect(page).toHaveURL(/\/premium$/);
    await page.goto('/ai-summary');
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('premium and scanner', () => {
  test('premium shows the plans, savings, FAQ and the Testing Mode box', async ({ page }) => {
    await freshPatient(page);
    await page.goto('/premium');
    await expect(page.getByLabel('Premium plan')).toContainText('Most Popular');
    await expect(page.getByLabel('Premium plan')).toContainText('$9.99 / month');
    await page.getByRole('button', { name: 'Yearly' }).click();
    await expect(page.getByLabel('Premium plan')).toContainText('$99.99 / year');
    await expect(page.getByText('Save $19.89')).toBeVisible();
    await expect(page.getByText('Best value - 2 months free!')).toBeVisible();
    await expect(page.getByText('Unlimited Storage')).toBeVisible();
    await page.getByText('Can I cancel anytime?').click();
    await expect(page.getByText(/keep Premium access until the end of your billing period/)).toBeVisible();
    await expect(page.getByLabel('Testing Mode').getByRole('button', { name: 'Grant Premium Access' })).toBeVisible();
    await page.getByRole('button', { name: 'Upgrade Now' }).click();
    await expect(page.getByRole('dialog', { name: 'Complete Your Purchase' })).toContainText('Pay $99.99');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('dialog', { name: 'Complete Your Purchase' })).toHaveCount(0);
  });

  test('the scanner captures a photo with Retake and Use Photo, and offers an upload', async ({ page }) => {
    await freshPatient(page);
    await page.goto('/scanner');
    await expect(page.getByLabel('Upload File')).toHaveAttribute('accept', 'image/*,application/pdf');
    await expect(page.getByText('Recent Scans')).toBeVisible();
    await page.getByRole('button', { name: 'Open Camera' }).click();
    const camera = page.getByRole('dialog', { name: 'Camera' });
    await expect(camera.getByText('Fit the document inside the frame')).toBeVisible();
    await expect.poll(() => camera.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
    await camera.getByRole('button', { name: 'Take photo' }).click();
    await expect(camera.getByRole('img', { name: 'Captured document' })).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
    await camera.getByRole('button', { name: 'Retake' }).click();
    await expect(camera.getByRole('button', { name: 'Take photo' })).toBeVisible();
    await camera.getByRole('button', { name: 'Close camera' }).click();
    await expect(camera).toHaveCount(0);
  });

  test('the scanner explains a camera it cannot open', async ({ page }) => {
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    });
    await freshPatient(page);
    await page.goto('/scanner');
    await page.getByRole('button', { name: 'Open Camera' }).click();
    await expect(page.getByText('Camera Access Required')).toBeVisible();
    await expect(page.getByText('Unable to access camera. Please check permissions.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Camera Access Required')).toHaveCount(0);
  });
});

test('the JavaScript loaded for /login is at most 200 kB gzipped (routes are split)', async ({ page }) => {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' || response.url().endsWith('.js')) scripts.add(response.url());
  });
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  let gzipped = 0;
  for (const url of scripts) gzipped += gzipSync(await (await page.request.get(url)).body(), { level: 9 }).length;
  test.info().annotations.push({ type: 'login JavaScript', description: `${scripts.size} files, ${(gzipped / 1024).toFixed(1)} kB gzipped` });
  console.log(`/login loads ${scripts.size} JavaScript files, ${(gzipped / 1024).toFixed(1)} kB gzipped`);
  expect(scripts.size).toBeGreaterThan(0);
  expect(gzipped).toBeLessThanOrEqual(200 * 1024);
});
