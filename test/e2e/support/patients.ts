import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/** Signs up a patient with no records under a unique username and signs the page in as them; answers their id. */
export async function signInFreshPatient(page: Page, who: { prefix: string; firstName: string; lastName: string; password: string }): Promise<string> {
  const username = `${who.prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const signup = await page.request.post('/api/auth/signup', {
    data: { firstName: who.firstName, lastName: who.lastName, username, email: `${username}@example.test`, password: who.password, confirmPassword: who.password, termsAccepted: true, privacyAccepted: true },
  });
  expect(signup.status(), await signup.text()).toBe(202);
  const login = await page.request.post('/api/auth/login', { data: { usernameOrEmail: username, password: who.password } });
  expect(login.status(), await login.text()).toBe(200);
  return (await login.json()).user.id;
}
