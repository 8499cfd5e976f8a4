import * as yup from 'yup';
import { requiredString, strictObject, trimText, uuidField } from './helpers';

/**
 * A solved sign-in challenge (proof of work): the challenge the server issued and a nonce such that
 * SHA-256(challenge + nonce) starts with the required number of zero bits. Asked for only after many
 * failed sign-ins of the account; the sign-in forms solve it themselves.
 */
const signInProofSchema = strictObject({
  challenge: uuidField('Challenge'),
  nonce: requiredString('Nonce', 'Nonce is required', 64),
})
  .default(undefined)
  .optional();

/** POST /api/auth/login body; also the sign-in form. */
export const loginSchema = strictObject({
  usernameOrEmail: requiredString('Username or email', 'Username or email is required').transform(trimText),
  password: requiredString('Password', 'Password is required'),
  proof: signInProofSchema,
});

/** Email + password sign-in variant. */
export const emailLoginSchema = strictObject({
  email: requiredString('Email', 'Valid email is required').transform(trimText).email('Valid email is required'),
  password: requiredString('Password', 'Password is required').min(1, 'Password is required'),
  proof: signInProofSchema,
});

export type SignInProof = NonNullable<yup.InferType<typeof signInProofSchema>>;
export type LoginInput = yup.InferType<typeof loginSchema>;
export type EmailLoginInput = yup.InferType<typeof emailLoginSchema>;
