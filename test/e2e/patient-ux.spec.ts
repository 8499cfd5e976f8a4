import { test, expect, type Locator, type Page } from '@playwright/test';
import { ICONS } from '../../web/components/consultations/icons';
import { signInFreshPatient } from './support/patients';
import { keepShot, shootBothThemes } from './support/screens';
import { runSql } from './support/database';
import { PAST_APPOINTMENT_LABEL } from '../../common/records';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const DEMO = { usernameOrEmail: 'demo', password: 'Demo1234!' };

async function signInDemo(page: Page): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: DEMO });
  expect(res.status(), await res.text()).toBe(200);
}

/** Signs up and signs in a patient with no records. */
async function freshPatient(page: Page): Promise<void> {
  await signInFreshPatient(page, { prefix: 'ux', firstName: 'Robin', lastName: 'Tester', password: 'Patient-UX-1!' });
}

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('a cancelled appointment stays listed as cancelled; the dashboard and the list say the same status', async ({ page }) => {
  await freshPatient(page);
  const book = (days: number) =>
    page.request.post('/api/appointments', { data: { doctorName: 'Dr. Lena Ortiz', specialty: 'Cardiology', facility: 'Harbor Clinic', appointmentDate: inMinutes(days * 24 * 60), cost: 9000 } });
  expect((await book(3)).status()).toBe(201);
  const doomed = await book(5);
  const doomedId = (await doomed.json()).id ?? (await doomed.json()).appointment?.id;
  expect((await page.request.delete(`/api/appointments/${doomedId}`)).ok()).toBe(true);

  await page.goto('/dashboard');
  await expect(page.getByTestId('upcoming-appointment')).toHaveCount(1);
  await expect(page.getByTestId('upcoming-appointment')).toContainText('Scheduled');
  await expect(page.getByTestId('upcoming-appointment')).not.toContainText('Pending');

  await page.goto('/appointments');
  const past = page.getByRole('region', { name: 'Past & cancelled' });
  await expect(past.getByTestId('past-appointment').filter({ hasText: 'Cancelled' })).toHaveCount(1);
  await expect(page.getByTestId('stat-cancelled')).toContainText('1');
});

test("an appointment whose time has gone, never marked completed, reads 'Past', not 'Scheduled', on the patient's list", async ({ page }) => {
  await freshPatient(page);
  const booked = await page.request.post('/api/appointments', {
    data: { doctorName: 'Dr. Lena Ortiz', specialty: 'Cardiology', facility: 'Harbor Clinic', appointmentDate: inMinutes(2 * 24 * 60), cost: 9000 },
  });
  expect(booked.status()).toBe(201);
  const id = (await booked.json()).id;
  // A date in the past cannot be booked: the visit's time goes by, as it does for every booking.
  await runSql("update appointments set appointment_date = now() - interval '3 days' where id = $1", [id]);

  await page.goto('/appointments');
  const past = page.getByRole('region', { name: 'Past & cancelled' }).getByTestId('past-appointment');
  await expect(past).toHaveCount(1);
  await expect(past.getByText(PAST_APPOINTMENT_LABEL, { exact: true })).toBeVisible();
  await expect(past.getByText('Scheduled', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('stat-upcoming')).toContainText('0');
  await shootBothThemes(page, 'appointment-past');
});

test('Join Call shows only from 15 minutes before a consultation; an audio one shows a phone; past and cancelled are grouped', async ({ page }) => {
  await freshPatient(page);
  const doctors: Array<{ id: string; isAvailable: boolean; isVerified?: boolean; totalConsultations: number }> = await (await page.request.get('/api/doctors')).json();
  // The seeded doctors are shared with other runs: the soon visit goes to the first one free then.
  const book = (doctorId: string, minutes: number, consultationType: string, symptoms: string) =>
    page.request.post('/api/consultations', { data: { doctorId, appointmentDate: inMinutes(minutes), consultationType, symptoms } });
  let booking;
  for (const doctor of doctors.filter((d) => d.isAvailable)) {
    booking = await book(doctor.id, 10, 'audio', 'Soon audio visit');
    if (booking.status() === 201) break;
  }
  expect(booking?.status()).toBe(201);
  const soonVisit = (await booking!.json()) as { id: string; doctorId: string };
  const bookLater = async (days: number, symptoms: string) => {
    const res = await book(soonVisit.doctorId, days * 24 * 60 + Math.floor(Math.random() * 50) * 30, 'video', symptoms);
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string };
  };
  const laterVisit = await bookLater(3, 'Later video visit');
  const cancelled = await bookLater(5, 'Cancelled visit');
  expect((await page.request.post(`/api/consultations/${cancelled.id}/cancel`, { data: {} })).ok()).toBe(true);

  await page.goto('/telemedicine');
  const upcoming = page.getByTestId('consultations-upcoming');
  const soon = upcoming.getByTestId('consultation-card').filter({ hasText: 'Soon audio visit' });
  const join = soon.getByRole('link', { name: 'Join Call' });
  await expect(join).toBeVisible();
  await expect(join.locator('path').first()).toHaveAttribute('d', ICONS.phone);
  await expect(upcoming.getByTestId('consultation-card').filter({ hasText: 'Later video visit' }).getByRole('link', { name: 'Join Call' })).toHaveCount(0);
  const past = page.getByTestId('consultations-past');
  await expect(past.getByRole('heading', { name: 'Past & cancelled' })).toBeVisible();
  await expect(past.getByTestId('consultation-card').filter({ hasText: 'Cancelled visit' })).toContainText('Cancelled');

  const consultationCounts = await page.getByTestId('doctor-card').allTextContents();
  for (const text of consultationCounts) expect(text).not.toMatch(/\b1 consultations\b/);
  // Frees the seeded doctor's times for the next run.
  for (const { id } of [soonVisit, laterVisit]) expect((await page.request.post(`/api/consultations/${id}/cancel`, { data: {} })).ok()).toBe(true);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: PHONE });

  test('reports: full titles, whole placeholder, wrapped filter chips, nothing wider than the screen', async ({ page }) => {
    await signInDemo(page);
    await page.goto('/reports');
    await expect(page.getByTestId('filter-All')).toBeVisible();
    const chips = page.getByRole('group', { name: 'Filter reports' });
    expect(await chips.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const search = page.getByLabel('Search reports');
    expect(await search.evaluate((el: HTMLInputElement) => el.clientWidth >= 300)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.goto('/dashboard');
    const titles = page.getByTestId('recent-reports').getByTestId('report-row').locator('strong');
    await expect(titles.first()).toBeVisible();
    for (const title of await titles.all()) expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });

  test('a toast does not cover the header buttons; the dashboard search toasts nothing', async ({ page }) => {
    await freshPatient(page);
    expect((await page.request.post('/api/appointments', { data: { doctorName: 'Dr. Lena Ortiz', specialty: 'Cardiology', facility: 'Harbor Clinic', appointmentDate: inMinutes(2 * 24 * 60), cost: 9000 } })).status()).toBe(201);
    await page.goto('/dashboard');
    await page.getByLabel('Search reports').pressSequentially('blood');
    await page.getByLabel('Search reports').press('Enter');
    await expect(page).toHaveURL(/\/reports\?q=blood$/);
    await expect(page.locator('.Toastify__toast')).toHaveCount(0);

    await page.goto('/dashboard');
    await page.getByTestId('upcoming-appointment').getByRole('button', { name: 'Set Reminder' }).click();
    const toast = page.locator('.Toastify__toast').first();
    await expect(toast).toContainText('Reminder Updated');
    expect(overlaps(await box(toast), await box(page.getByRole('button', { name: 'Log out' })))).toBe(false);
  });

  test('Add Medication: frequencies suggest times, Add time adds a new one, End Date fits the dialog', async ({ page }) => {
    await freshPatient(page);
    await page.goto('/medications');
    await page.getByRole('button', { name: 'Add Medication' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Medication' });
    await dialog.getByLabel('Medication Name').fill('Metformin');
    await dialog.getByLabel('Frequency').selectOption('twice_daily');
    await expect(dialog.getByLabel('Reminder time 1', { exact: true })).toHaveValue('08:00');
    await expect(dialog.getByLabel('Reminder time 2', { exact: true })).toHaveValue('20:00');
    await dialog.getByRole('button', { name: 'Add time' }).click();
    await expect(dialog.getByLabel('Reminder time 3', { exact: true })).toHaveValue('14:00');
    await dialog.getByLabel('Frequency').selectOption('four_times_daily');
    const times = await Promise.all([1, 2, 3, 4].map((i) => dialog.getByLabel(`Reminder time ${i}`, { exact: true }).inputValue()));
    expect(times).toEqual(['08:00', '12:00', '16:00', '20:00']);
    const end = await box(dialog.getByLabel('End Date (optional)'));
    const frame = await box(dialog);
    expect(end.x + end.width).toBeLessThanOrEqual(frame.x + frame.width);
  });

  test('a skip link comes first; text links are at least 44 px tall; the navigation is a bottom bar', async ({ page }) => {
    await signInDemo(page);
    await page.goto('/dashboard');
    await expect(page.getByTestId('recent-reports')).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await skip.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
    for (const name of ['View all', 'Access history']) {
      expect((await box(page.getByRole('link', { name }).first())).height).toBeGreaterThanOrEqual(44);
    }
    const nav = await box(page.getByTestId('main-nav'));
    expect(nav.y + nav.height).toBeCloseTo(PHONE.height, 0);
    expect(nav.width).toBe(PHONE.width);
    await page.goto('/no-such-page');
    expect((await box(page.getByRole('link', { name: 'Go home' }))).height).toBeGreaterThanOrEqual(44);
  });
});

test.describe('on a 1280 px desktop', () => {
  test.use({ viewport: DESKTOP });

  test('the navigation is a side bar and the content sits beside it', async ({ page }) => {
    await signInDemo(page);
    await page.goto('/dashboard');
    const nav = await box(page.getByTestId('main-nav'));
    expect(nav.x).toBe(0);
    expect(nav.height).toBe(DESKTOP.height);
    expect(nav.width).toBeLessThan(300);
    const reports = await box(page.getByTestId('recent-reports'));
    const appointments = await box(page.getByTestId('upcoming-appointments'));
    expect(reports.x).toBeGreaterThanOrEqual(nav.width);
    expect(appointments.x + appointments.width).toBeGreaterThan(DESKTOP.width * 0.75);
    expect(appointments.x).toBeGreaterThan(reports.x + reports.width - 1);
  });

  test('the AI summary toast reads right', async ({ page }) => {
    await signInDemo(page);
    await page.goto('/ai-summary');
    await page.getByTestId('analysis-health_insights').click();
    await page.getByRole('button', { name: 'Generate AI Summary' }).click();
    await expect(page.locator('.Toastify').getByText('Your health insights summary is ready.')).toBeVisible();
  });
});

const SCREENS = ['/dashboard', '/reports', '/reports/30000000-0000-4000-8000-000000000001', '/medications', '/appointments', '/telemedicine', '/scanner', '/access-history', '/health-summary', '/ai-summary', '/premium'];

for (const [label, viewport] of [['390', PHONE], ['1280', DESKTOP]] as const) {
  test(`screenshots of every patient screen at ${label} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signInDemo(page);
    for (const path of SCREENS) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const name = path.replace(/^\//, '').replace(/\//g, '-').replace(/-3000.*$/, '-detail');
      await keepShot(page, `${name}-${label}`, { fullPage: true });
    }
  });
}

test('a visitor sees no failed request on any public page, the landing page and its session probe included', async ({ page }) => {
  const failed: string[] = [];
  page.on('response', (res) => {
    if (res.status() >= 400) failed.push(`${res.status()} ${new URL(res.url()).pathname}`);
  });
  for (const path of ['/', '/login', '/signup', '/terms', '/privacy', '/doctor/login']) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(failed).toEqual([]);
});

test('a cold dashboard asks for its lists and summary while the session is being checked, not after', async ({ page }) => {
  await signInDemo(page);
  const sessionAnswered: number[] = [];
  const asked = new Map<string, number>();
  // The session check is held for a second, as on a slow network: the lists must not wait for it.
  await page.route('**/api/auth/session', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/auth/session') sessionAnswered.push(Date.now());
  });
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!asked.has(pathname)) asked.set(pathname, Date.now());
  });
  await page.goto('/dashboard');
  await expect(page.getByText('Your health records at a glance')).toBeVisible();
  for (const list of ['/api/medical-reports', '/api/medications', '/api/appointments', '/api/notifications', '/api/dashboard-summary']) {
    expect(asked.get(list), list).toBeLessThan(sessionAnswered[0]!);
  }
});

test('a visitor who was told on a public page there is no session asks for no patient lists on the way to a patient page', async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (res) => {
    if (res.status() >= 400) refused.push(`${res.status()} ${new URL(res.url()).pathname}`);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  // A client-side visit, as a link or a typed-in route within the app would make it.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/dashboard');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\/$/);
  await page.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
});
