import { readFile } from 'node:fs/promises';
import { test, expect, request as playwrightRequest, type Locator, type Page } from '@playwright/test';
import { signInFreshPatient } from './support/patients';

/**
 * 'Add to calendar' on an appointment and a consultation, and the private calendar feed turned on,
 * read by a calendar program (no session) and turned off. In a browser on London time.
 */
test.use({ timezoneId: 'Europe/London' });

const SHOTS = process.env.SHOTS_DIR;

async function freshPatient(page: Page): Promise<void> {
  await signInFreshPatient(page, { prefix: 'cal', firstName: 'Casey', lastName: 'Calendar', password: 'Calendar123!' });
}

const inDays = (days: number, hour: number) => {
  const at = new Date(Date.now() + days * 86_400_000);
  at.setUTCHours(hour, 0, 0, 0);
  return at.toISOString();
};

/** Phone and desktop screenshots (SHOTS_DIR) of the screen scrolled to what the test is about. */
async function shoot(page: Page, name: string, focus: Locator): Promise<void> {
  if (!SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await focus.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test('an appointment downloads as an .ics in the browser\'s zone, and the feed is turned on, read without a session, and off', async ({ page }) => {
  await freshPatient(page);
  const booked = await page.request.post('/api/appointments', {
    data: { doctorName: 'Dr. Lee', specialty: 'Cardiology', facility: 'Heart Centre', appointmentDate: inDays(5, 9), reason: 'Palpitations' },
  });
  expect(booked.status()).toBe(201);

  await page.goto('/appointments');
  const card = page.getByTestId('upcoming-appointment');
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: 'Add to calendar: appointment with Dr. Lee' }).click()]);
  expect(download.suggestedFilename()).toBe('appointment.ics');
  const file = await readFile((await download.path())!, 'utf8');
  expect(file).toContain('BEGIN:VCALENDAR');
  expect(file).toContain('DTSTART;TZID=Europe/London:');
  expect(file).toContain('BEGIN:VALARM');
  expect(file).not.toContain('Palpitations');

  const feedCard = page.getByTestId('calendar-feed');
  await feedCard.getByRole('button', { name: 'Turn on calendar feed' }).click();
  const address = feedCard.getByLabel('Calendar feed address');
  await expect(address).toHaveValue(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
  const url = await address.inputValue();
  await shoot(page, 'appointments-calendar-feed-on', feedCard);

  // A calendar program: no cookies at all.
  const calendarApp = await playwrightRequest.newContext();
  const feed = await calendarApp.get(url);
  expect(feed.status()).toBe(200);
  const text = await feed.text();
  expect(text).toContain('SUMMARY:Appointment\r\n');
  expect(text).not.toMatch(/Palpitations|Dr\. Lee|Cardiology|Heart Centre/);

  await feedCard.getByRole('button', { name: 'Turn off' }).click();
  await expect(feedCard.getByRole('button', { name: 'Turn on calendar feed' })).toBeVisible();
  expect((await calendarApp.get(url)).status()).toBe(404);
  await calendarApp.dispose();

  await page.reload();
  await expect(page.getByTestId('calendar-feed').getByText('Off')).toBeVisible();
  await shoot(page, 'appointments-calendar-feed-off', page.getByTestId('calendar-feed'));
});

test('a consultation offers Add to calendar with its call link', async ({ page }) => {
  await freshPatient(page);
  const doctors = (await (await page.request.get('/api/doctors')).json()) as { id: string; isAvailable: boolean }[];
  const doctor = doctors.find((d) => d.isAvailable)!;
  const booked = await page.request.post('/api/consultations', { data: { doctorId: doctor.id, appointmentDate: inDays(20 + Math.floor(Math.random() * 300), 14), consultationType: 'video', symptoms: 'Dizziness' } });
  expect(booked.status(), await booked.text()).toBe(201);
  const consultation = (await booked.json()) as { id: string };

  await page.goto('/telemedicine');
  const card = page.getByTestId('consultation-card').first();
  await expect(card.getByRole('link', { name: /^Add to calendar: consultation with Dr\. / })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: /^Add to calendar: consultation with Dr\. / }).click()]);
  // Long lines are folded at 75 octets (RFC 5545 3.1): unfold before looking for the link.
  const file = (await readFile((await download.path())!, 'utf8')).replace(/\r\n[ \t]/g, '');
  expect(file).toContain(`URL;VALUE=URI:${new URL(page.url()).origin}/video-call/${consultation.id}`);
  expect(file).toMatch(/SUMMARY:Consultation with Dr\. .+ \(Video Call\)/);
  expect(file).not.toContain('Dizziness');
  await shoot(page, 'telemedicine-add-to-calendar', card);
});

test('the API reference renders from this server under its own CSP', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  const requested: string[] = [];
  page.on('request', (req) => requested.push(req.url()));
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /MediVault API/ })).toBeVisible();
  // Tags open collapsed (docExpansion 'none'); the calendar's opens on a click.
  await page.locator('.opblock-tag', { hasText: 'calendar' }).first().click();
  await expect(page.getByText('/api/calendar/feed/{token}.ics').first()).toBeVisible();
  expect(refused).toEqual([]);
  const origin = new URL(page.url()).origin;
  expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
  await shoot(page, 'api-docs', page.getByRole('heading', { name: /MediVault API/ }));
});
