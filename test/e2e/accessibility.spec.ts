/**
 * axe-core on every screen, as a visitor, a patient, a doctor and an admin, and on every dialog and popover
 * and a toast, in the light and the dark theme at phone (390 px) and desktop (1280 px) widths: no
 * serious or critical WCAG 2.1 A/AA violation. On the way, nothing inside a card reaches past the card's edge,
 * and every field of a dialog is drawn on the same background (a forgotten one keeps the browser's grey).
 * One signed-in browser per role, theme and width walks its screens once.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import { DEMO_CREDENTIALS, DEMO_IDS } from '../../db/seeds/demo';
import { controlsOffTheme, spillingOutOfCards } from './support/layout';
import { seriousViolations } from './support/axe';
import { holdToasts } from './support/toasts';
import { newPatient, signInByApi, signUpByApi } from './support/patients';

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
const THEMES = ['light', 'dark'] as const;

type Role = 'visitor' | 'patient' | 'premium patient' | 'doctor' | 'admin';

/** Something a screen opens over itself (a dialog, a popover, a toast), checked on its own while open. */
interface Overlay {
  name: string;
  open: (page: Page) => Promise<unknown>;
  shown: (page: Page) => Locator;
  /** Closes it again; Escape when not given. */
  close?: (page: Page) => Promise<unknown>;
}

interface Screen {
  path: string;
  overlays?: Overlay[];
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).first();
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** A dialog opened by the first button named `opener` (inside an element with the test id `within` when given; a pattern for names with data in them). */
function dialogFrom(opener: string | RegExp, name: string, within?: string): Overlay {
  const exact = typeof opener === 'string' || undefined;
  return {
    name,
    open: (page) => (within ? page.getByTestId(within) : page).getByRole('button', { name: opener, exact }).first().click(),
    shown: (page) => dialog(page, name),
  };
}

const SCREENS: Record<Role, Screen[]> = {
  visitor: [
    { path: '/' },
    {
      path: '/login',
      overlays: [
        {
          name: 'the Missing information toast',
          open: async (page) => {
            // Its 5 s ran out during the scan on a loaded machine (CI), and the close then waited for it.
            await holdToasts(page);
            await page.getByRole('button', { name: 'Sign In', exact: true }).click();
          },
          shown: (page) => page.locator('.Toastify__toast'),
          close: (page) => page.locator('.Toastify__toast').getByRole('button', { name: /close/i }).click(),
        },
      ],
    },
    { path: '/signup' },
    { path: '/terms' },
    { path: '/privacy' },
    { path: '/doctor/login' },
  ],
  patient: [
    {
      path: '/dashboard',
      overlays: [{ name: 'Notifications', open: (page) => page.getByRole('button', { name: /^Notifications/ }).click(), shown: (page) => dialog(page, 'Notifications') }],
    },
    { path: '/reports' },
    {
      path: `/reports/${DEMO_IDS.reports.bloodWorkRecent}`,
      overlays: [dialogFrom('Edit', 'Edit Report'), dialogFrom('Delete Report', 'Delete this report?')],
    },
    {
      path: '/scanner',
      overlays: [
        dialogFrom('Add Report', 'Add Report'),
        { name: 'Camera', open: (page) => button(page, 'Open Camera').click(), shown: (page) => dialog(page, 'Camera'), close: (page) => button(page, 'Close camera').click() },
      ],
    },
    {
      path: '/medications',
      overlays: [dialogFrom('Add Medication', 'Add Medication'), dialogFrom(/^Edit /, 'Edit Medication'), dialogFrom(/^Delete /, 'Delete Medication?')],
    },
    {
      path: '/appointments',
      overlays: [
        dialogFrom('Book Appointment', 'Book Appointment'),
        dialogFrom('Reschedule', 'Reschedule Appointment', 'upcoming-appointment'),
        dialogFrom('Cancel', 'Cancel Appointment?', 'upcoming-appointment'),
      ],
    },
    { path: '/ai-summary' },
    { path: '/health-summary' },
    { path: '/premium', overlays: [dialogFrom('Upgrade Now', 'Complete Your Purchase')] },
    {
      path: '/telemedicine',
      overlays: [
        dialogFrom('Book Consultation', 'Book Consultation', 'doctor-card'),
        dialogFrom('Reschedule', 'Reschedule Consultation', 'consultation-card'),
        dialogFrom('Cancel', 'Cancel Consultation?', 'consultation-card'),
      ],
    },
    { path: '/access-history' },
    { path: '/support' },
    { path: '/settings', overlays: [dialogFrom('Delete my account', 'Delete your account?')] },
    { path: `/video-call/${DEMO_IDS.consultations.scheduledToday}` },
  ],
  'premium patient': [{ path: '/premium', overlays: [dialogFrom('Manage Subscription', 'Manage Subscription')] }],
  doctor: [
    { path: '/doctor/dashboard' },
    { path: `/doctor/consultation/${DEMO_IDS.consultations.scheduledToday}` },
    { path: `/doctor/consultation/${DEMO_IDS.consultations.inProgress}`, overlays: [dialogFrom('Complete', 'Complete Consultation')] },
  ],
  admin: [
    {
      path: '/admin/doctors',
      overlays: [dialogFrom('Add Doctor', 'Add New Doctor'), dialogFrom('Edit', 'Edit Doctor'), dialogFrom('Reset Password', 'Password reset for', 'roster-card')],
    },
  ],
};

async function signIn(page: Page, role: Role): Promise<void> {
  if (role === 'visitor') return;
  if (role === 'premium patient') return signInPremiumPatient(page);
  const { path, data } =
    role === 'patient'
      ? { path: '/api/auth/login', data: { usernameOrEmail: DEMO_CREDENTIALS.patient.username, password: DEMO_CREDENTIALS.patient.password } }
      : role === 'doctor'
        ? { path: '/api/auth/doctor/login', data: { email: DEMO_CREDENTIALS.doctor.email, password: DEMO_CREDENTIALS.doctor.password } }
        : { path: '/api/auth/login', data: { usernameOrEmail: DEMO_CREDENTIALS.admin.email, password: DEMO_CREDENTIALS.admin.password } };
  const res = await page.request.post(path, { data });
  expect(res.status(), await res.text()).toBe(200);
}

/** A patient of its own (the demo patient stays on Free for the other specs) with Premium from Testing Mode. */
async function signInPremiumPatient(page: Page): Promise<void> {
  const patient = newPatient('axep');
  await signUpByApi(page.request, patient);
  await signInByApi(page.request, patient);
  const grant = await page.request.post('/api/test/grant-premium', { data: {} });
  expect(grant.status(), await grant.text()).toBe(200);
}

/** The page as it stands after navigating: its content drawn, its data arrived and skeletons gone. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

async function checkOverlay(page: Page, overlay: Overlay): Promise<string[]> {
  await overlay.open(page);
  const shown = overlay.shown(page);
  await expect(shown, overlay.name).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Scanned on its own: the page behind it had its own scan.
  const marker = `axe-overlay-${Date.now()}`;
  await shown.evaluate((element, id) => element.setAttribute('data-axe-overlay', id), marker);
  const found = [...(await seriousViolations(page, `[data-axe-overlay="${marker}"]`)), ...(await controlsOffTheme(page, `[data-axe-overlay="${marker}"]`))];
  await (overlay.close ? overlay.close(page) : page.keyboard.press('Escape'));
  await expect(shown, `${overlay.name} closes`).toBeHidden();
  return found.map((line) => `${overlay.name}: ${line}`);
}

for (const colorScheme of THEMES) {
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    test.describe(`${colorScheme} theme at ${viewport.width} px (${viewportName})`, () => {
      test.use({ viewport, colorScheme, permissions: ['camera', 'microphone'] });
      for (const role of Object.keys(SCREENS) as Role[]) {
        test(`axe finds no serious or critical violation on any ${role} screen or what it opens`, async ({ page }) => {
          test.setTimeout(60_000 + SCREENS[role].length * 30_000);
          await signIn(page, role);
          const found: string[] = [];
          for (const screen of SCREENS[role]) {
            await page.goto(screen.path);
            await settle(page);
            const onScreen = [...(await seriousViolations(page)), ...(await spillingOutOfCards(page))];
            for (const overlay of screen.overlays ?? []) onScreen.push(...(await checkOverlay(page, overlay)));
            found.push(...onScreen.map((line) => `${screen.path} ${line}`));
          }
          expect(found, found.join('\n')).toEqual([]);
        });
      }
    });
  }
}
