import { PASSWORD_MIN } from '../constants';
import commonPasswords from '../data/common-passwords.json' with { type: 'json' };
import * as yup from 'yup';
import { requiredString, strictObject, trimText } from './helpers';

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(commonPasswords);

const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN} characters`;
export const PASSWORD_TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';
/** The rule below as the form shows it beside a new password, so the two cannot drift apart. */
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN} characters, and not a common password`;

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

const confirmNewPassword = () => requiredString('Confirm password', 'Please confirm your new password').oneOf([yup.ref('newPassword')], 'Passwords do not match');

/** POST /api/auth/password body, and the Change password form. */
export const changePasswordSchema = strictObject({
  currentPassword: requiredString('Current password', 'Current password is required'),
  newPassword: newPassword('New password is required'),
  confirmPassword: confirmNewPassword(),
});

export type ChangePasswordPayload = yup.InferType<typeof changePasswordSchema>;

/** POST /api/auth/password-reset body, and the Forgot password form. */
export const passwordResetRequestSchema = strictObject({
  email: requiredString('Email', 'Email is required').transform(trimText).email('Please enter a valid email address'),
});

export type PasswordResetRequest = yup.InferType<typeof passwordResetRequestSchema>;

/** POST /api/auth/password-reset/complete body, and the Reset password form (the token comes from the link). */
export const passwordResetSchema = strictObject({
  token: requiredString('Reset token', 'This reset link is incomplete. Open the link from the email again.', 200),
  newPassword: newPassword('New password is required'),
  confirmPassword: confirmNewPassword(),
});

export type PasswordResetPayload = yup.InferType<typeof passwordResetSchema>;
