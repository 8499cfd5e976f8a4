import { unique } from './unique';

/** The password of every sign-up body the tests send. */
export const SIGNUP_PASSWORD = 'secret-pass';

/**
 * A valid patient sign-up body, as the sign-up form sends it (an empty phone included), under a fresh
 * username (`prefix` and 10 hex digits) and its own address; `overrides` replace or add fields.
 */
export function signupBody(overrides: Record<string, unknown> = {}, prefix = 'new_') {
  const username = unique(prefix);
  return {
    firstName: 'Robin',
    lastName: 'Okafor',
    username,
    email: `${username}@example.test`,
    password: SIGNUP_PASSWORD,
    confirmPassword: SIGNUP_PASSWORD,
    phone: '',
    termsAccepted: true,
    privacyAccepted: true,
    ...overrides,
  };
}
