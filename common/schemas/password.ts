import { PASSWORD_MIN } from '../constants';
import commonPasswords from '../data/common-passwords.json';
import * as yup from 'yup';
import { requiredString, strictObject } from './helpers';

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(commonPasswords);

export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN} characters`;
export const PASSWORD_TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';

/** Whether a password is on the shipped list of common breached passwords (compared case-insensitively). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/**
 * The one rule for every password a person sets (sign-up, an admin-created doctor, a changed password):
 * long enough and not among the common breached passwords shipped with the app.
 */
export const newPassword = (requiredMessage = 'Password is required') =>
  requiredString('Password', requiredMessage)
    .min(PASSWORD_MIN, PASSWORD_TOO_SHORT)
    .test('not-common', PASSWORD_TOO_COMMON, (value) => value == null || !isCommonPassword(value));

/** POST /api/auth/password body, and the Change password form. */
export const changePasswordSchema = strictObject({
  currentPassword: requiredString('Current password', 'Current password is required'),
  newPassword: newPassword('New password is required'),
  confirmPassword: requiredString('Confirm password', 'Please confirm your new password').oneOf([yup.ref('newPassword')], 'Passwords do not match'),
});

export type ChangePasswordPayload = yup.InferType<typeof changePasswordSchema>;
