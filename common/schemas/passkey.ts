import * as yup from 'yup';
import { jsonObjectField, optionalString, requiredString, strictObject } from './helpers';

const CREDENTIAL_ID_MAX = 1024;

/**
 * A credential as @simplewebauthn/browser serialises it (RegistrationResponseJSON or
 * AuthenticationResponseJSON). Not strict: browsers add members over time, and the verifier reads only
 * what it knows. Its parts are capped like every other field.
 */
const credentialJson = (label: string) =>
  yup
    .object({
      id: requiredString('Credential id', 'Credential id is required', CREDENTIAL_ID_MAX),
      rawId: requiredString('Credential raw id', 'Credential raw id is required', CREDENTIAL_ID_MAX),
      type: yup.string().typeError('Credential type must be public-key').required('Credential type is required').oneOf(['public-key'], 'Credential type must be public-key'),
      response: jsonObjectField('Credential response').required('Credential response is required'),
      clientExtensionResults: jsonObjectField('Extension results').default({}),
      authenticatorAttachment: optionalString('Authenticator attachment', 32),
    })
    .typeError(`${label} must be an object`)
    .default(undefined)
    .required(`${label} is required`);

/** POST /api/passkeys/registration body: the browser's answer to the registration options. */
export const passkeyRegistrationSchema = strictObject({
  credential: credentialJson('Passkey'),
  deviceName: optionalString('Device name', 100),
});

/** POST /api/passkeys/authentication body: the browser's answer to the sign-in options. */
export const passkeyAuthenticationSchema = strictObject({
  credential: credentialJson('Passkey'),
});

