import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { embeddedDatabaseUrl } from '../../db/embedded';
import { E2E_PG_PORT } from './support/e2e-servers';
import { newPatient, signUpByApi } from './support/patients';
import { PushDelivery } from './support/push-delivery';
import { testKnexConfig } from '../support/db';

const SHOTS = process.env.SHOTS_DIR;
const DAY = 86_400_000;
let db: Knex;

/** What the test reads and does inside the service worker (this project's TypeScript has no WebWorker lib). */
interface WorkerScope extends EventTarget {
  registration: { getNotifications(): Promise<Array<Notification & { actions: Array<{ action: string }> }>> };
  NotificationEvent: new (type: string, init: { notification: Notification; action: string }) => Event;
}

test.beforeAll(() => {
  db = knexFactory(testKnexConfig(embeddedDatabaseUrl(E2E_PG_PORT), { min: 0, max: 2 }));
});
test.afterAll(() => db.destroy());

/** A new patient signed in on the page, with a medication whose reminders have asked about a week of doses. */
async function patientWithDoses(page: Page) {
  const patient = newPatient('push');
  await signUpByApi(page.request, patient);
  await page.goto('/login');
  await page.getByLabel('Username or Email').fill(patient.username);
  await page.getByLabel('Password', { exact: true }).fill(patient.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const medication = await page.request.post('/api/medications', { data: { name: 'Lisinopril', dosage: '10mg', frequency: 'twice_daily', reminderTimes: ['08:00', '20:00'] } });
  expect(medication.status()).toBe(201);
  const { id: medicationId, userId } = await medication.json();
  // Two doses a day, 08:00 and 20:00 UTC, on each of the six days before today (mostly taken, one
  // skipped, one never answered), and one due now. Whole calendar days, so the 7-day window holds them
  // all whatever the time of day the test runs at (just after midnight included).
  const now = Date.now();
  const startOfToday = Math.floor(now / DAY) * DAY;
  const past = Array.from({ length: 12 }, (_, i) => {
    const scheduledTime = new Date(startOfToday - (6 - Math.floor(i / 2)) * DAY + (i % 2 ? 8 : 20) * 3600_000);
    const answer = i === 3 ? { is_skipped: true } : i === 7 ? {} : { taken_time: new Date(scheduledTime.getTime() + 10 * 60_000) };
    return { medication_id: medicationId, user_id: userId, scheduled_time: scheduledTime, ...answer };
  });
  const [dueNow] = await db('medication_reminders')
    .insert([...past, { medication_id: medicationId, user_id: userId, scheduled_time: new Date(now - 60_000) }])
    .returning('id')
    .then((rows: { id: string }[]) => rows.slice(-1));
  return { doseId: dueNow!.id };
}

test('a push reaches the service worker as a "MediVault reminder" notification, and its Taken action answers the dose', async ({ page, context }) => {
  test.setTimeout(120_000);
  const { doseId } = await patientWithDoses(page);
  await context.grantPermissions(['notifications']);
  await page.goto('/medications');
  // `ready` resolves while the worker may still be activating; a push is a functional event, so wait for activated.
  await page.evaluate(async () => {
    const active = (await navigator.serviceWorker.ready).active!;
    if (active.state !== 'activated') await new Promise((resolve) => active.addEventListener('statechange', () => active.state === 'activated' && resolve(undefined)));
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));

  // The notifications are read once Chromium says the push event completed, so a failure names the step that
  // failed: the push reaching the worker, the worker's handler, or the notification it showed.
  const push = await PushDelivery.open(context, page);
  const payload = { type: 'medication_reminder', notificationId: randomUUID(), doseId, url: '/medications' };
  expect(await push.deliver(JSON.stringify(payload)), `the push event did not complete with Success: ${push.describe()}`).toBe('Success');
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data, actions: (n as Notification & { actions: { action: string }[] }).actions.map((a) => a.action) }));
        }),
      { message: `no notification after the push: ${push.describe()}` },
    )
    .toEqual([{ title: 'MediVault reminder', body: 'Open MediVault to see it.', data: payload, actions: ['taken', 'skipped'] }]);

  // The notification's Taken button, as the browser would dispatch it.
  await worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification!, action: 'taken' }));
  });
  await expect.poll(async () => (await page.request.get('/api/medication-reminders?days=1').then((r) => r.json())).find((d: { id: string }) => d.id === doseId)?.status).toBe('taken');
});

test('the medications screen answers today\'s dose and charts adherence; the treating doctor reads the log', async ({ page, browser }) => {
  await patientWithDoses(page);
  await page.goto('/medications');
  const card = page.getByRole('article', { name: 'Lisinopril' });
  await expect(page.getByRole('heading', { name: 'Reminders on this device' })).toBeVisible();
  await expect(card.getByRole('img', { name: /Lisinopril adherence: Taken 10 of 13 doses in the last 7 days/ })).toBeVisible();
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/medications-390.png`, fullPage: true });
  }
  await card.getByRole('button', { name: /Mark the .* dose taken/ }).click();
  await expect(card.getByTestId('today-dose')).toContainText('Taken at');
  await expect(card.getByRole('img', { name: /Taken 11 of 13 doses/ })).toBeVisible();
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(card.getByRole('img', { name: /in the last 30 days/ })).toBeVisible();
  const violations = (await new AxeBuilder({ page }).include('[data-testid="medication-card"]').include('section[aria-labelledby="push-reminders-heading"]').analyze()).violations;
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  if (SHOTS) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await page.screenshot({ path: `${SHOTS}/medications-1280.png`, fullPage: true });
  }

  // Booked with the demo doctor, who then sees the log in the consultation's Medications tab.
  const doctors = await (await page.request.get('/api/doctors')).json();
  const sarah = doctors.find((d: { email?: string; name: string }) => d.name.includes('Sarah Chen'));
  const booked = await page.request.post('/api/consultations', {
    data: { doctorId: sarah.id, appointmentDate: new Date(Date.now() + (40 + Math.floor(Math.random() * 300)) * DAY).toISOString(), consultationType: 'video', symptoms: 'Blood pressure check' },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { id: consultationId } = await booked.json();

  const portal = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await portal.goto('/doctor/login');
  await portal.getByLabel('Medical Email').fill('sarah.chen@medivault.test');
  await portal.getByLabel('Password', { exact: true }).fill('Doctor123!');
  await portal.getByRole('button', { name: 'Sign In' }).click();
  await expect(portal).toHaveURL(/\/doctor\/dashboard$/);
  await portal.goto(`/doctor/consultation/${consultationId}`);
  await portal.getByRole('tab', { name: 'Medications' }).click();
  const log = portal.getByTestId('medication-log');
  await expect(log.getByRole('img', { name: /Lisinopril adherence: Taken 11 of 13 doses in the last 30 days/ })).toBeVisible();
  await expect(log.getByRole('table', { name: 'Latest doses of Lisinopril' }).getByRole('row')).toHaveCount(11);
  expect((await new AxeBuilder({ page: portal }).include('[data-testid="medication-log"]').analyze()).violations.map((v) => v.id)).toEqual([]);
  if (SHOTS) {
    await portal.screenshot({ path: `${SHOTS}/doctor-medications-390.png`, fullPage: true });
    await portal.setViewportSize({ width: 1280, height: 900 });
    await portal.screenshot({ path: `${SHOTS}/doctor-medications-1280.png`, fullPage: true });
  }
});
