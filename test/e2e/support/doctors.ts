import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

const ADMIN = { usernameOrEmail: 'admin@medivault.test', password: 'Admin1234!' };
/** The password every doctor added by addVerifiedDoctor signs in with. */
export const DOCTOR_PASSWORD = 'Clinic-Pass-42';

const tag = () => randomUUID().replace(/-/g, '').slice(0, 8);

export async function signInAdmin(request: APIRequestContext): Promise<void> {
  const res = await request.post('/api/auth/login', { data: ADMIN });
  expect(res.status(), await res.text()).toBe(200);
}

/** Doctors added since the last unverifyAddedDoctors. */
let addedDoctorNames: string[] = [];

/** Has unverifyAddedDoctors unverify the doctor of that name (one a test added through the admin screen). */
export function unverifyLater(name: string): void {
  addedDoctorNames.push(name);
}

/** A new verified doctor, added through the admin API so bookings never collide with earlier runs. */
export async function addVerifiedDoctor(browser: Browser, feeCents: number, name = `Avery Quinn ${tag()}`) {
  const context = await browser.newContext();
  await signInAdmin(context.request);
  unverifyLater(name);
  const email = `avery.${tag()}@clinic.test`;
  const created = await context.request.post('/api/admin/doctors', {
    data: { name, email, specialty: 'General Practice', licenseNumber: `MD-${tag()}`, phone: '+1 555 0142', experience: 8, consultationFee: feeCents, password: DOCTOR_PASSWORD, bio: 'Family doctor.' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const doctor = await created.json();
  const verified = await context.request.patch(`/api/admin/doctors/${doctor.id}/verification`, { data: { isVerified: true } });
  expect(verified.status()).toBe(200);
  await context.close();
  return { id: doctor.id as string, name, email };
}

/** Unverifies the doctors added since the last call, so repeated runs don't crowd the shared Available Doctors grid. */
export async function unverifyAddedDoctors(browser: Browser): Promise<void> {
  const context = await browser.newContext();
  await signInAdmin(context.request);
  const roster: Array<{ id: string; name: string }> = await (await context.request.get('/api/admin/doctors')).json();
  for (const doctor of roster.filter((d) => addedDoctorNames.includes(d.name))) {
    await context.request.patch(`/api/admin/doctors/${doctor.id}/verification`, { data: { isVerified: false } });
  }
  addedDoctorNames = [];
  await context.close();
}

/** Signs a doctor added by addVerifiedDoctor in through the portal's form; ends on the dashboard. */
export async function signInDoctorThroughTheForm(page: Page, email: string): Promise<void> {
  await page.goto('/doctor/login');
  await page.getByLabel('Medical Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DOCTOR_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/doctor\/dashboard$/);
}
