/**
 * axe-core on every screen, as a visitor, a patient, a doctor and an admin, at phone (390 px) and
 * desktop (1280 px) widths: no serious or critical WCAG 2.1 A/AA violation.
 */
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { DEMO_CREDENTIALS, DEMO_IDS } from '../../db/seeds/demo';

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Role = 'visitor' | 'patient' | 'doctor' | 'admin';

const SCREENS: Record<Role, string[]> = {
  visitor: ['/', '/login', '/signup', '/terms', '/privacy', '/doctor/login'],
  patient: [
    '/dashboard',
    '/reports',
    `/reports/${DEMO_IDS.reports.bloodWorkRecent}`,
    '/scanner',
    '/medications',
    '/appointments',
    '/ai-summary',
    '/health-summary',
    '/premium',
    '/telemedicine',
    '/access-history',
    '/settings',
    `/video-call/${DEMO_IDS.consultations.scheduledToday}`,
  ],
  doctor: ['/doctor/dashboard', `/doctor/consultation/${DEMO_IDS.consultations.scheduledToday}`],
  admin: ['/admin/doctors'],
};

async function signIn(page: Page, role: Role): Promise<void> {
  if (role === 'visitor') return;
  const { path, data } =
    role === 'patient'
      ? { path: '/api/auth/login', data: { usernameOrEmail: DEMO_CREDENTIALS.patient.username, password: DEMO_CREDENTIALS.patient.password } }
      : role === 'doctor'
        ? { path: '/api/auth/doctor/login', data: { email: DEMO_CREDENTIALS.doctor.email, password: DEMO_CREDENTIALS.doctor.password } }
        : { path: '/api/auth/login', data: { usernameOrEmail: DEMO_CREDENTIALS.admin.email, password: DEMO_CREDENTIALS.admin.password } };
  const res = await page.request.post(path, { data });
  expect(res.status(), await res.text()).toBe(200);
}

type AxeNode = { target: unknown[]; any: Array<{ data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null }> };

/** Where a violation is; for contrast, the colours and their ratio too. */
function describeNode(node: AxeNode): string {
  const contrast = node.any.find((check) => check.data?.contrastRatio)?.data;
  return node.target.join(' ') + (contrast ? ` (${contrast.fgColor} on ${contrast.bgColor}: ${contrast.contrastRatio})` : '');
}

/** Serious and critical violations on the page as it stands, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map(describeNode).join(', ')}`);
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`at ${viewport.width} px (${viewportName})`, () => {
    test.use({ viewport, permissions: ['camera', 'microphone'] });
    for (const role of Object.keys(SCREENS) as Role[]) {
      for (const screen of SCREENS[role]) {
        test(`axe finds no serious or critical violation on ${screen} as ${role}`, async ({ page }) => {
          await signIn(page, role);
          await page.goto(screen);
          await expect(page.locator('main, [role="main"]').first()).toBeVisible();
          // Let data arrive and skeletons give way to content before the scan.
          await page.waitForLoadState('networkidle');
          const found = await seriousViolations(page);
          expect(found, found.join('\n')).toEqual([]);
        });
      }
    }
  });
}
