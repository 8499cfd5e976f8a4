import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { runSql } from './database';

interface NewPatient {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
}

/** A patient yet to sign up, under a username no other run uses (`prefix`_ and 12 hex digits) and its own address. */
export function newPatient(prefix: string, who: Partial<Pick<NewPatient, 'firstName' | 'lastName' | 'password'>> = {}): NewPatient {
  const username = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const { firstName = 'Robin', lastName = 'Okafor', password = 'Patient123!' } = who;
  return { firstName, lastName, username, email: `${username}@example.test`, password };
}

/**
 * Signs the patient up through the API, with the terms accepted and `extra` fields (a phone, an emergency
 * contact); `origin` names another server than the project's, asked as its own pages would ask it.
 */
export async function signUpByApi(request: APIRequestContext, patient: NewPatient, extra: Record<string, unknown> = {}, origin = ''): Promise<void> {
  const signup = await request.post(`${origin}/api/auth/signup`, {
    data: { ...patient, confirmPassword: patient.password, termsAccepted: true, privacyAccepted: true, ...extra },
    ...(origin && { headers: { origin } }),
  });
  expect(signup.status(), await signup.text()).toBe(202);
}

/** Signs the request context in as the patient; answers their id. */
export async function signInByApi(request: APIRequestContext, patient: NewPatient): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { usernameOrEmail: patient.username, password: patient.password } });
  expect(login.status(), await login.text()).toBe(200);
  return (await login.json()).user.id;
}

/** Signs up a patient with no records under a unique username and signs the page in as them; answers their id. */
export async function signInFreshPatient(page: Page, { prefix, ...who }: { prefix: string; firstName: string; lastName: string; password: string }): Promise<string> {
  const patient = newPatient(prefix, who);
  await signUpByApi(page.request, patient);
  return signInByApi(page.request, patient);
}

/** Premium as the payments service leaves it: a subscription id on the signed-in user (written to the e2e database). */
export async function makePremium(page: Page): Promise<void> {
  const me = await (await page.request.get('/api/auth/me')).json();
  await runSql(`update users set stripe_subscription_id = 'sub_e2e_' || id where id = $1`, [me.id]);
}
