import { test, expect, type Page } from '@playwright/test';
import { bookConsultation, signInDoctor, signUpPatient } from './support/call-parties';
import { signInAdmin } from './support/doctors';
import { shootBothThemes } from './support/screens';

/**
 * The screens that are not the patient's own (patient-screens-truth.spec.ts has those): the public pages, the
 * doctor's portal, the admin's roster and the call's device check, on a 360 px phone and a 320 px one. None may
 * scroll sideways, nor cut or push out what a row or card holds. With SHOTS_DIR set, each is saved at 320 px, light
 * and dark.
 */

const WIDTHS = [360, 320];

/** The screen's path with how much wider than the screen the page is, or null when it fits. */
async function widerThanTheScreen(page: Page, who: string, path: string, ready: () => Promise<void>): Promise<string | null> {
  await page.goto(path);
  await test.step(`${path} is ready`, ready);
  await page.waitForLoadState('networkidle');
  const { pageWidth, screen } = await page.evaluate(() => ({ pageWidth: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
  if (screen === 320) await shootBothThemes(page, `narrow-${who}${path.replace(/[0-9a-f-]{36}/, 'id').replace(/[/?=]+/g, '-')}`);
  return pageWidth > screen ? `${path} at ${screen} px: ${pageWidth} px wide` : null;
}

/** Each path at each width, as `who` sees it: the paths and widths where the page is wider than the screen. */
async function screensWiderThanAPhone(page: Page, who: string, paths: Array<[string, () => Promise<void>]>): Promise<string[]> {
  const wider: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const [path, ready] of paths) {
      const found = await widerThanTheScreen(page, who, path, ready);
      if (found) wider.push(found);
    }
  }
  return wider;
}

const heading = (page: Page) => async () => expect(page.locator('h1').first()).toBeVisible();

test('no public page scrolls sideways on a 360 px or a 320 px phone', async ({ page }) => {
  test.setTimeout(120_000);
  const paths = ['/', '/login', '/signup', '/forgot-password', '/reset-password?token=expired', '/doctor/login', '/terms', '/privacy', '/unlock', '/guest', '/shl', '/no-such-page'];
  expect(await screensWiderThanAPhone(page, 'visitor', paths.map((path) => [path, heading(page)]))).toEqual([]);
});

test("no screen of the doctor's portal, the admin's roster or the call's device check scrolls sideways on a 360 px or a 320 px phone", async ({ browser }) => {
  test.setTimeout(120_000);
  const patientContext = await browser.newContext({ permissions: ['camera', 'microphone'] });
  await signUpPatient(patientContext.request);
  const consultationId = await bookConsultation(patientContext.request, 'video', [2, 48]);
  const patient = await patientContext.newPage();

  const doctorContext = await browser.newContext({ permissions: ['camera', 'microphone'] });
  await signInDoctor(doctorContext.request);
  const doctor = await doctorContext.newPage();

  const adminContext = await browser.newContext();
  await signInAdmin(adminContext.request);
  const admin = await adminContext.newPage();

  const wider = [
    ...(await screensWiderThanAPhone(doctor, 'doctor', [
      ['/doctor/dashboard', heading(doctor)],
      [`/doctor/consultation/${consultationId}`, heading(doctor)],
      [`/video-call/${consultationId}`, async () => expect(doctor.getByRole('button', { name: 'Join consultation' })).toBeEnabled()],
    ])),
    ...(await screensWiderThanAPhone(patient, 'patient', [[`/video-call/${consultationId}`, async () => expect(patient.getByRole('button', { name: 'Join consultation' })).toBeEnabled()]])),
    ...(await screensWiderThanAPhone(admin, 'admin', [['/admin/doctors', async () => expect(admin.getByTestId('roster-card').first()).toBeVisible()]])),
  ];
  expect(wider).toEqual([]);
  for (const context of [patientContext, doctorContext, adminContext]) await context.close();
});

test("on a 320 px phone the doctor's lists show each consultation's day and time whole, not cut short", async ({ browser }) => {
  const patientContext = await browser.newContext();
  await signUpPatient(patientContext.request);
  await bookConsultation(patientContext.request, 'video', [26, 72]);
  const doctorContext = await browser.newContext({ viewport: { width: 320, height: 800 } });
  await signInDoctor(doctorContext.request);
  const doctor = await doctorContext.newPage();
  await doctor.goto('/doctor/dashboard');
  const when = doctor.getByTestId('upcoming-consultations').getByTestId('consultation-when');
  await expect(when.first()).toBeVisible();
  const cut = await when.evaluateAll((lines) => lines.filter((line) => line.scrollWidth > line.clientWidth).map((line) => line.textContent));
  expect(cut).toEqual([]);
  for (const context of [patientContext, doctorContext]) await context.close();
});

test("on a 320 px phone the admin's roster cards keep their buttons inside the card", async ({ browser }) => {
  const adminContext = await browser.newContext({ viewport: { width: 320, height: 800 } });
  await signInAdmin(adminContext.request);
  const admin = await adminContext.newPage();
  await admin.goto('/admin/doctors');
  const cards = admin.getByTestId('roster-card');
  await expect(cards.first()).toBeVisible();
  const outside = await cards.evaluateAll((all) =>
    all.flatMap((card) => {
      const box = card.getBoundingClientRect();
      const style = getComputedStyle(card);
      const contentRight = box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
      return [...card.querySelectorAll('button')]
        .filter((button) => button.getBoundingClientRect().right > contentRight + 0.5 || button.scrollWidth > button.clientWidth)
        .map((button) => `${card.getAttribute('aria-label')}: ${button.textContent}`);
    }),
  );
  expect(outside).toEqual([]);
  await adminContext.close();
});

test("on a 320 px phone every tab of the doctor's consultation page is in sight, on two lines at most", async ({ browser }) => {
  const patientContext = await browser.newContext();
  await signUpPatient(patientContext.request);
  const consultationId = await bookConsultation(patientContext.request, 'video', [2, 48]);
  const doctorContext = await browser.newContext({ viewport: { width: 320, height: 800 } });
  await signInDoctor(doctorContext.request);
  const doctor = await doctorContext.newPage();
  await doctor.goto(`/doctor/consultation/${consultationId}`);
  const tablist = doctor.getByRole('tablist');
  await expect(tablist.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
  const listRight = await tablist.evaluate((list) => list.getBoundingClientRect().right);
  const hidden = await tablist
    .getByRole('tab')
    .evaluateAll((tabs, right) => tabs.filter((tab) => tab.getBoundingClientRect().right > right + 0.5).map((tab) => tab.textContent), listRight);
  expect(hidden).toEqual([]);
  const lines = await tablist.getByRole('tab').evaluateAll((tabs) => new Set(tabs.map((tab) => Math.round(tab.getBoundingClientRect().top))).size);
  expect(lines).toBeLessThanOrEqual(2);
  for (const context of [patientContext, doctorContext]) await context.close();
});

test("on a 320 px phone sign-up's 'Step 1 of 2' stays on one line", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/signup');
  const step = page.getByText('Step 1 of 2', { exact: true });
  await expect(step).toBeVisible();
  const lines = await step.evaluate((label) => {
    const text = document.createRange();
    text.selectNodeContents(label);
    return new Set([...text.getClientRects()].map((box) => Math.round(box.top))).size;
  });
  expect(lines).toBe(1);
});
