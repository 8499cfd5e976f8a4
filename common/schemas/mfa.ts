import * as yup from 'yup';
import { strictObject } from './helpers';

const MFA_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.';

/** A code from the authenticator (6 digits) or a recovery code (xxxx-xxxx); spaces are ignored. */
export const mfaCodeSchema = strictObject({
  code: yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value))
    .required(MFA_CODE_MESSAGE)
    .matches(/^(\d{6}|[a-zA-Z2-9]{4}-[a-zA-Z2-9]{4})$/, MFA_CODE_MESSAGE),
});

export type MfaCodeInput = yup.InferType<typeof mfaCodeSchema>;
