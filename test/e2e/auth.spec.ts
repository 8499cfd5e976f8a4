import { test, expect, type Page } from '@playwright/test';
import { newPatient, signUpByApi } from './support/patients';
import { keepShot } from './support/screens';

/** Today at the hour given (local time): a fixed page clock makes the dashboard's greeting one known text. */
function todayAt(hour: number): Date {
  const at = new Date();
  at.setHours(hour, 0, 0, 0);
  return at;
}

async function signIn(page: Page, login: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username or Email').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('a new patient signs up in two steps, signs in and is greeted on the dashboard', async ({ page }) => {
  const patient = newPatient('auth');
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Join MediVault' })).toBeVisible();
  await expect(page.getByText('Create your secure medical records account')).toBeVisible();
  await expect(page.getByText('Step 1 of 2')).toBeVisible();

  // The rules stay in sight under the fields while the patient types, and screen readers read them with the field.
  await expect(page.getByLabel('Username')).toHaveAccessibleDescription('3 to 20 letters, numbers or underscores');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await page.getByLabel('First Name').fill(patient.firstName);
  await page.getByLabel('Last Name').fill(patient.lastName);
  await page.getByLabel('Username').fill('no spaces');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Username can only contain letters, numbers, and underscores')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Username').fill(patient.username);
  await page.getByLabel('Email').fill(patient.email);
  // Enter in a field continues, as the button does.
  await page.getByLabel('Email').press('Enter');

  await expect(page.getByText('Step 2 of 2')).toBeVisible();
  await expect(page.getByText('Password is required')).toHaveCount(0);
  // The hint says what the rule holds: seven characters are refused.
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('At least 8 characters, and not a common password');
  await page.getByLabel('Password', { exact: true }).fill('Xq7!kz2');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(patient.password);
  await page.getByLabel('Confirm Password').fill('Patient124!');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByText('You must accept the terms and conditions')).toBeVisible();
  await expect(page.getByText('You must accept the privacy policy')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');

  await page.getByLabel('Confirm Password').fill(patient.password);
  await page.getByLabel('Full Name').fill('Sam Okafor');
  await page.getByLabel('Phone', { exact: true }).fill('+1 555 0198');
  await page.getByLabel('Relationship').selectOption('sibling');
  await page.getByLabel('I agree to the Terms of Service').check();
  await page.getByLabel('I agree to the Privacy Policy').check();
  await page.getByRole('button', { name: 'Create Account' }).click();

  // The answer is the one a taken email would get too, so it claims no account was made.
  await expect(page.getByText('Sign-up Received')).toBeVisible();
  await expect(page.getByText(/^If this email address is new to MediVault, your account is ready/)).toBeVisible();
  await expect(page.getByText('Account Created Successfully!')).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);

  await page.clock.setFixedTime(todayAt(9));
  await signIn(page, patient.username, patient.password);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Good morning, Robin');
  const me = await (await page.request.get('/api/auth/me')).json();
  expect(me.emergencyContact).toEqual({ name: 'Sam Okafor', phone: '+1 555 0198', relation: 'sibling' });
});

test('a taken username is reported as taken on its step, and the account stays as it was', async ({ page }) => {
  const existing = newPatient('auth');
  await signUpByApi(page.request, existing);
  await page.goto('/signup');
  await page.getByLabel('First Name').fill('Robin');
  await page.getByLabel('Last Name').fill('Again');
  await page.getByLabel('Username').fill(existing.username.toUpperCase());
  await page.getByLabel('Email').fill(`other_${existing.email}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill('Other-Harbour-77');
  await page.getByLabel('Confirm Password').fill('Other-Harbour-77');
  await page.getByLabel('I agree to the Terms of Service').check();
  await page.getByLabel('I agree to the Privacy Policy').check();
  await page.getByRole('button', { name: 'Create Account' }).click();

  const toast = page.locator('.Toastify');
  await expect(toast.getByText('Signup Failed')).toBeVisible();
  await expect(toast.getByText('That username is taken. Choose another.')).toBeVisible();
  // Back on step 1, the username field says it too; nothing claims an account.
  await expect(page.getByText('Step 1 of 2')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveAccessibleDescription(/That username is taken\. Choose another\./);
  await expect(page.getByText(/Account Created|Sign-up Received/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/signup$/);
  await keepShot(page, 'signup-username-taken-390');

  // Nothing changed: the other password does not sign in, the first one still does.
  expect((await page.request.post('/api/auth/login', { data: { usernameOrEmail: existing.username, password: 'Other-Harbour-77' } })).status()).toBe(401);
  expect((await page.request.post('/api/auth/login', { data: { usernameOrEmail: existing.username, password: existing.password } })).status()).toBe(200);
});

test('a taken email gets the answer a new account gets, creating nothing and claiming no account', async ({ page }) => {
  const existing = newPatient('auth');
  await signUpByApi(page.request, existing);
  const other = newPatient('auth');
  await page.goto('/signup');
  await page.getByLabel('First Name').fill(other.firstName);
  await page.getByLabel('Last Name').fill(other.lastName);
  await page.getByLabel('Username').fill(other.username);
  await page.getByLabel('Email').fill(existing.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(other.password);
  await page.getByLabel('Confirm Password').fill(other.password);
  await page.getByLabel('I agree to the Terms of Service').check();
  await page.getByLabel('I agree to the Privacy Policy').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Sign-up Received')).toBeVisible();
  await expect(page.getByText(/If it already has an account, no new one was made/)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.post('/api/auth/login', { data: { usernameOrEmail: other.username, password: other.password } })).status()).toBe(401);
});

test('the sign-in screen shows the spec texts', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome to MediVault' })).toBeVisible();
  for (const text of ['Secure access to your medical records', 'Secure', 'AI-Powered', 'Mobile-First', 'End-to-end encrypted', 'Offline capable', 'Your medical data is encrypted and secure', 'Create your secure medical account']) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(/medical vault/)).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('hidden');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
  // Headless Chromium has no platform authenticator: no biometric button.
  await expect(page.getByRole('button', { name: 'Use Biometric Login' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('an empty sign-in form says what is missing and sends nothing', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/login')) calls.push(request.url());
  });
  await page.goto('/login');
  await page.getByLabel('Username or Email').fill('demo');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Missing information' });
  await expect(toast).toContainText('Please enter both your username/email and password.');
  expect(calls).toEqual([]);
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the login failed toast and stays on /login', async ({ page }) => {
  const patient = newPatient('auth');
  await signUpByApi(page.request, patient);
  await signIn(page, patient.username, 'not-my-password');
  const toast = page.getByRole('alert').filter({ hasText: 'Login failed' });
  await expect(toast).toContainText('Invalid username/email or password.');
  await expect(page).toHaveURL(/\/login$/);
});

test('a visitor on /dashboard is sent to /', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'MediVault' })).toBeVisible();
});

test('a visitor on /doctor/dashboard is sent to /doctor/login', async ({ page }) => {
  await page.goto('/doctor/dashboard');
  await expect(page).toHaveURL(/\/doctor\/login$/);
  await expect(page.getByLabel('Medical Email')).toBeVisible();
});

test('the doctor login checks for empty fields, signs the demo doctor in and links back', async ({ page }) => {
  await page.goto('/doctor/login');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toContainText('Please fill in all fields');
  await expect(page.getByRole('link', { name: 'Back to Patient Portal' })).toHaveAttribute('href', '/');
  const hint = page.getByLabel('Demo credentials');
  await expect(hint).toContainText('sarah.chen@medivault.test');

  await page.getByLabel('Medical Email').fill('sarah.chen@medivault.test');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Login Failed' })).toContainText('Invalid email or password');

  await page.getByLabel('Password', { exact: true }).fill('Doctor123!');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Welcome to the Doctor Portal')).toBeVisible();
  await expect(page).toHaveURL(/\/doctor\/dashboard$/);
});

test('the access history lists the patient’s own sign-in', async ({ page }) => {
  const patient = newPatient('auth');
  await signUpByApi(page.request, patient);
  await signIn(page, patient.email, patient.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/access-history');
  const history = page.getByRole('region', { name: 'Access history' });
  const signIns = history.getByRole('listitem').filter({ hasText: /^Signed in/ });
  await expect(signIns).toHaveCount(1);
  await expect(signIns).toContainText('You ·');
  await expect(history.getByRole('listitem').filter({ hasText: 'Created the account' })).toHaveCount(1);
  await page.getByRole('tab', { name: 'By others' }).click();
  await expect(page.getByText('Nobody else yet')).toBeVisible();
});

/**
 * Gives the page a phone-like biometric authenticator (Chromium's virtual one over CDP), signs a new
 * patient in and registers a passkey from the Access history screen.
 */
async function patientWithBiometricLogin(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  const patient = newPatient('auth');
  await signUpByApi(page.request, patient);
  await signIn(page, patient.username, patient.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/access-history');
  await page.getByRole('button', { name: 'Set up biometric login' }).click();
  await expect(page.getByText('Biometric login is set up')).toBeVisible();
  const deviceCredentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return { deviceCredentials };
}

test('a patient sets up biometric login and then signs in with it', async ({ page }) => {
  const { deviceCredentials } = await patientWithBiometricLogin(page);
  await expect(page.getByRole('list', { name: 'Devices with biometric login' })).toContainText('Chrome on Linux This device');
  await expect(page.getByText('This device is set up for biometric login.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set up biometric login' })).toHaveCount(0);
  const credentials = await deviceCredentials();
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  expect((await page.request.post('/api/auth/logout')).status()).toBe(200);
  await page.clock.setFixedTime(todayAt(20));
  await page.goto('/login');
  await expect(page.getByText('Or use biometric')).toBeVisible();
  await page.getByRole('button', { name: 'Use Biometric Login' }).click();
  await expect(page.getByText('Biometric login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Good evening, Robin');

  await page.goto('/access-history');
  await expect(page.getByRole('region', { name: 'Access history' }).getByRole('listitem').filter({ hasText: 'Signed in with biometric login' })).toHaveCount(1);
});

test('biometric sign-in with an unknown passkey fails with the set-up hint', async ({ page }) => {
  const { deviceCredentials } = await patientWithBiometricLogin(page);
  // The patient removes the device on the server; the phone still holds its passkey.
  await page.getByRole('button', { name: 'Remove Chrome on Linux' }).click();
  await expect(page.getByText('Biometric login removed')).toBeVisible();
  expect(await deviceCredentials()).toHaveLength(1);

  await page.request.post('/api/auth/logout');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Use Biometric Login' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Biometric login failed' });
  await expect(toast).toContainText('Please set up biometric authentication first.');
  await expect(page).toHaveURL(/\/login$/);
});
