import { test, expect, type APIRequestContext, type Browser } from '@playwright/test';
import { enterCall, expectVideoPlaying, signInDoctor, writeChat } from './support/call-parties';
import { addVerifiedDoctor, signInDoctorThroughTheForm, unverifyAddedDoctors } from './support/doctors';
import { newPatient, signInByApi, signUpByApi } from './support/patients';
import { shootWidthsAndThemes } from './support/screens';

/**
 * Issue 38, the day's queue: a doctor's dashboard shows today in time order with the patients who wait in
 * the call first, for how long, and joins them from the row; the Upcoming list is searched, filtered and
 * paged by the server; a finished chat consultation's transcript is on its page and on the patient's card.
 * With SHOTS_DIR set, the dashboard is saved at 390 and 1280 px, light and dark, as dashboard-*.png there.
 */

test.afterEach(async ({ browser }) => unverifyAddedDoctors(browser));

/**
 * A fixed-offset zone where it is now between 8 and 9 in the morning, so that the day's slots booked
 * from now on are all today on the doctor's screen, whenever the test runs.
 */
function morningZone(now = new Date()): string {
  let offset = 8 - now.getUTCHours();
  if (offset < -12) offset += 24;
  if (offset > 14) offset -= 24;
  // Etc/GMT names count the other way round: Etc/GMT-3 is three hours ahead of UTC.
  return `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/** The next half hour after the coming one: the first slot of the day's bookings. */
function firstSlot(): Date {
  const slot = new Date(Date.now() + 30 * 60_000);
  slot.setUTCMinutes(slot.getUTCMinutes() < 30 ? 30 : 60, 0, 0);
  return slot;
}

const HOUR = 3_600_000;

async function signedInPatient(browser: Browser, firstName: string, lastName: string) {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const patient = newPatient('day', { firstName, lastName });
  await signUpByApi(context.request, patient);
  await signInByApi(context.request, patient);
  return { context, name: `${firstName} ${lastName}` };
}

async function book(request: APIRequestContext, doctorId: string, at: Date, symptoms: string, consultationType = 'video'): Promise<string> {
  const booked = await request.post('/api/consultations', { data: { doctorId, appointmentDate: at.toISOString(), consultationType, symptoms } });
  expect(booked.status(), await booked.text()).toBe(201);
  return (await booked.json()).id as string;
}

test('a doctor runs a day from the queue', async ({ browser }) => {
  test.setTimeout(240_000);
  const doctor = await addVerifiedDoctor(browser, 5000);
  const elif = await signedInPatient(browser, 'Elif', 'Brandt');
  const tomas = await signedInPatient(browser, 'Tomas', 'Rivera');
  const noor = await signedInPatient(browser, 'Noor', 'Haddad');

  // Today: four consultations half an hour apart, the last one a chat; then one a day for nine days.
  const start = firstSlot();
  const at = (halfHours: number, days = 0) => new Date(start.getTime() + halfHours * HOUR / 2 + days * 24 * HOUR);
  await book(elif.context.request, doctor.id, at(0), 'Follow-up on blood pressure');
  const startedEarly = await book(tomas.context.request, doctor.id, at(1), 'Knee pain after running');
  const waitedFor = await book(noor.context.request, doctor.id, at(2), 'Recurring headaches');
  const chatted = await book(elif.context.request, doctor.id, at(3), 'Sore throat and a mild fever', 'chat');
  const patients = [noor, elif, tomas];
  for (let day = 1; day <= 9; day++) await book(patients[(day - 1) % 3]!.context.request, doctor.id, at(0, day), `Check-up, day ${day}`);

  const doctorContext = await browser.newContext({ permissions: ['camera', 'microphone'], timezoneId: morningZone() });
  const portal = await doctorContext.newPage();
  await signInDoctorThroughTheForm(portal, doctor.email);

  // One consultation is under way; the chat consultation was held and finished.
  const setStatus = async (id: string, status: string) => {
    const response = await doctorContext.request.put(`/api/doctor/consultation/${id}/status`, { data: { status } });
    expect(response.status(), await response.text()).toBe(200);
  };
  await setStatus(startedEarly, 'in_progress');
  const baseUrl = test.info().project.use.baseURL!;
  await writeChat(elif.context, baseUrl, chatted, ['My throat has been sore since Monday.']);
  await writeChat(doctorContext, baseUrl, chatted, ['Please gargle with warm salt water and rest.']);
  await setStatus(chatted, 'in_progress');
  await setStatus(chatted, 'completed');

  await portal.reload();
  await expect(portal.getByTestId('stat-today')).toContainText('4');
  // Upcoming counts what its list holds: Tomas's consultation, started ahead of its time, is among them.
  await expect(portal.getByTestId('stat-upcoming')).toContainText('12');
  await expect(portal.getByTestId('stat-patients')).toContainText('3');
  const queue = portal.getByTestId('todays-schedule').getByTestId('doctor-consultation-row');
  await expect(queue).toHaveCount(4);
  const inTimeOrder = [elif.name, tomas.name, noor.name, elif.name];
  for (const [i, name] of inTimeOrder.entries()) await expect(queue.nth(i)).toContainText(name);
  await expect(portal.getByTestId('patient-waiting')).toHaveCount(0);

  // Noor comes into the call before the doctor: her row moves to the head of the queue, waiting.
  const noorPage = await noor.context.newPage();
  await enterCall(noorPage, waitedFor);
  await expect(noorPage.getByText(`Waiting for Dr. ${doctor.name}`)).toBeVisible();
  await expect(queue.first()).toContainText(noor.name);
  await expect(queue.first().getByTestId('patient-waiting')).toContainText('Patient is waiting');
  await expect(queue.first().getByTestId('waited-for')).toHaveText('just now');
  for (const [i, name] of [elif.name, tomas.name, elif.name].entries()) await expect(queue.nth(i + 1)).toContainText(name);

  // The Upcoming list: ten a page, in time order, paged by the server.
  const upcoming = portal.getByTestId('upcoming-consultations');
  const upcomingRows = upcoming.getByTestId('doctor-consultation-row');
  await expect(upcoming.getByText('1–10 of 12')).toBeVisible();
  await expect(upcomingRows).toHaveCount(10);
  await expect(upcomingRows.first()).toContainText('Follow-up on blood pressure');
  // Today's rows can be joined from this list as from today's schedule; later days' cannot.
  await expect(upcomingRows.first().getByRole('link', { name: `Join the consultation with ${elif.name}` })).toBeVisible();
  await expect(upcomingRows.filter({ hasText: 'Check-up, day 1' }).getByRole('link', { name: /^Join the consultation/ })).toHaveCount(0);
  await upcoming.getByRole('button', { name: 'Next' }).click();
  await expect(upcoming.getByText('11–12 of 12')).toBeVisible();
  await expect(upcomingRows).toHaveCount(2);
  await expect(upcomingRows.nth(0)).toContainText('Check-up, day 8');
  await expect(upcomingRows.nth(1)).toContainText('Check-up, day 9');
  await expect(upcoming.getByRole('button', { name: 'Next' })).toBeDisabled();
  await upcoming.getByRole('button', { name: 'Previous' }).click();
  await expect(upcoming.getByText('1–10 of 12')).toBeVisible();
  await expect(upcoming.getByRole('button', { name: 'Previous' })).toBeDisabled();

  // Searched by the patient's name on the server once typing pauses (not per keystroke): Noor's four, and no pager.
  const namesAsked: string[] = [];
  portal.on('request', (request) => {
    const asked = new URL(request.url()).searchParams.get('patient');
    if (asked !== null) namesAsked.push(asked);
  });
  const searched = portal.waitForRequest((request) => new URL(request.url()).searchParams.get('patient') === 'Haddad');
  await upcoming.getByLabel('Patient name').pressSequentially('Haddad', { delay: 40 });
  await searched;
  await expect(upcomingRows).toHaveCount(4);
  // Per keystroke would be six requests; a stall of the machine between two keys may let one partial name through.
  expect(namesAsked.at(-1)).toBe('Haddad');
  expect(namesAsked.length).toBeLessThanOrEqual(2);
  for (const row of await upcomingRows.all()) await expect(row).toContainText(noor.name);
  await expect(upcoming.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await upcoming.getByLabel('Patient name').fill('Nobody Of That Name');
  await expect(upcoming.getByText('No consultations match')).toBeVisible();
  await upcoming.getByLabel('Patient name').fill('');

  // Filtered by status: an upcoming consultation can only be scheduled or in progress.
  const status = upcoming.getByLabel('Status');
  await expect(status.locator('option')).toHaveText(['All statuses', 'Scheduled', 'In Progress']);
  await status.selectOption({ label: 'In Progress' });
  await expect(upcomingRows).toHaveCount(1);
  await expect(upcomingRows.first()).toContainText(tomas.name);
  await expect(upcomingRows.first()).toContainText('In Progress');
  await status.selectOption({ label: 'Scheduled' });
  await expect(upcoming.getByText('1–10 of 11')).toBeVisible();
  await status.selectOption({ label: 'All statuses' });
  await expect(upcoming.getByText('1–10 of 12')).toBeVisible();

  // Minutes later the row says how long Noor has waited.
  const waitingSince = Date.parse((await queue.first().getByTestId('waited-for').getAttribute('datetime')) ?? '');
  // Half a minute past five; the row's clock ticks every 30 s, so it reads five whole minutes.
  await portal.clock.setSystemTime(waitingSince + 5.5 * 60_000);
  await expect(queue.first().getByTestId('waited-for')).toHaveText('for 5 min', { timeout: 45_000 });
  if (process.env.SHOTS_DIR) await shootWidthsAndThemes(portal, process.env.SHOTS_DIR, 'dashboard');

  // Join on her row: the call's device check, then the call, where the doctor sees her.
  const popup = portal.waitForEvent('popup');
  await queue.first().getByRole('link', { name: `Join the consultation with ${noor.name}` }).click();
  const call = await popup;
  await expect(call).toHaveURL(new RegExp(`/video-call/${waitedFor}$`));
  await expect(call.getByRole('heading', { name: 'Ready to join?' })).toBeVisible();
  await expect(call.getByText(`Consultation with ${noor.name}`)).toBeVisible();
  await call.getByRole('button', { name: 'Join consultation' }).click();
  await expect(call.getByRole('heading', { name: noor.name })).toBeVisible();
  await expectVideoPlaying(call, 'remote-video');
  await expect(portal.getByTestId('patient-waiting')).toHaveCount(0);
  // Ending it closes the call's window, back onto the dashboard it was opened from (no second dashboard).
  const closed = call.waitForEvent('close');
  await call.getByRole('button', { name: 'End call' }).click();
  await closed;

  // The finished chat consultation, opened from Recent Consultations: its transcript, in order.
  await portal.getByTestId('recent-consultations').getByRole('link', { name: /Sore throat and a mild fever/ }).click();
  await expect(portal).toHaveURL(new RegExp(`/doctor/consultation/${chatted}$`));
  const transcript = portal.getByTestId('chat-transcript').getByTestId('transcript-line');
  await expect(transcript).toHaveCount(2);
  await expect(transcript.nth(0)).toContainText(`${elif.name} ·`);
  await expect(transcript.nth(0)).toContainText('My throat has been sore since Monday.');
  await expect(transcript.nth(1)).toContainText(`Dr. ${doctor.name} ·`);
  await expect(transcript.nth(1)).toContainText('Please gargle with warm salt water and rest.');

  // The patient reads it too, from the consultation's card.
  const elifPage = await elif.context.newPage();
  await elifPage.goto('/telemedicine');
  const card = elifPage.getByTestId('consultation-card').filter({ hasText: 'Sore throat and a mild fever' });
  await card.getByRole('button', { name: 'Show chat' }).click();
  await expect(card.getByTestId('transcript-line')).toHaveText([/My throat has been sore since Monday\./, /Please gargle with warm salt water and rest\./]);

  for (const context of [doctorContext, elif.context, tomas.context, noor.context]) await context.close();
});

test("at midnight, Today's Schedule on an open dashboard becomes the new day's", async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: 'UTC' });
  await signInDoctor(context.request);
  const page = await context.newPage();
  // No live updates: a socket's reconnection after the clock's jump would refresh the lists by itself.
  await page.route('**/socket.io/**', (route) => route.abort());
  // The page's clock, not the server's: five minutes before its midnight.
  const midnight = new Date();
  midnight.setUTCHours(24, 0, 0, 0);
  await page.clock.install({ time: midnight.getTime() - 5 * 60_000 });
  await page.goto('/doctor/dashboard');
  await expect(page.getByTestId('todays-schedule')).toBeVisible();
  const newDay = page.waitForRequest((request) => new URL(request.url()).searchParams.get('from') === midnight.toISOString());
  await page.clock.fastForward('06:00');
  await newDay;
  await context.close();
});
