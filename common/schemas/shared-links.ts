import * as yup from 'yup';
import {
  SHARED_LINK_EXPIRY_DAYS,
  SHARED_LINK_FILE_MAX_BYTES,
  SHARED_LINK_LABEL_MAX_LENGTH,
  SHARED_LINK_PASSCODE_MIN_LENGTH,
} from '../constants';
import { SHARED_FILE_CONTENT_TYPE, jweHeaderOf } from '../smart-health-link';
import { booleanField, nonNegativeInteger, optionalString, requiredString, strictObject } from './helpers';

const NOT_AN_ENCRYPTED_FILE = 'The file must be encrypted in the browser as a compact JWE (alg "dir", enc "A256GCM") before it is shared.';
const DIRECT_WITH_PASSCODE = 'A link that opens the file directly cannot have a passcode: leave one of them out.';
const EXPIRY_MESSAGE = `Choose how long the link works: ${SHARED_LINK_EXPIRY_DAYS.join(', ')} days`;

/** A compact JWE the way the IG encrypts shared files: direct key agreement, AES-256-GCM, no encrypted key part. */
function isSharedFileJwe(value: string | undefined): boolean {
  if (value === undefined) return true;
  const header = jweHeaderOf(value);
  return header?.alg === 'dir' && header.enc === 'A256GCM' && value.split('.')[1] === '';
}

/** What a share sends beside its choices: the records, already encrypted with a key the server never sees. */
const sharedFileSchema = strictObject({
  contentType: yup
    .string()
    .required(`contentType is required: ${SHARED_FILE_CONTENT_TYPE}`)
    .oneOf([SHARED_FILE_CONTENT_TYPE], `contentType must be ${SHARED_FILE_CONTENT_TYPE}`),
  jwe: yup
    .string()
    .typeError(NOT_AN_ENCRYPTED_FILE)
    .required(NOT_AN_ENCRYPTED_FILE)
    .max(SHARED_LINK_FILE_MAX_BYTES, 'The encrypted file is larger than 5 MB: share fewer records at a time.')
    .test('jwe', NOT_AN_ENCRYPTED_FILE, isSharedFileJwe),
});

/** The share form's own fields, which Formik checks with the same messages as the server. */
export const sharedLinkChoicesSchema = strictObject({
  label: requiredString('Label', 'Give the link a label, such as who it is for', SHARED_LINK_LABEL_MAX_LENGTH),
  expiresInDays: yup
    .number()
    .typeError(EXPIRY_MESSAGE)
    .required(EXPIRY_MESSAGE)
    .oneOf([...SHARED_LINK_EXPIRY_DAYS], EXPIRY_MESSAGE),
  passcode: optionalString('Passcode', 64).min(SHARED_LINK_PASSCODE_MIN_LENGTH, `Passcode must be at least ${SHARED_LINK_PASSCODE_MIN_LENGTH} characters`),
  longTerm: booleanField('longTerm').default(false),
  direct: booleanField('direct')
    .default(false)
    .test('not-with-passcode', DIRECT_WITH_PASSCODE, function notWithPasscode(direct) {
      return !(direct && this.parent.passcode);
    }),
});

/** POST /api/shared-links body: the choices and the encrypted FHIR Bundle. */
export const sharedLinkCreateSchema = sharedLinkChoicesSchema.shape({ file: sharedFileSchema.required('file is required: the encrypted records') });

const recipient = () => requiredString('Recipient', 'Say who is opening the link (recipient), for the patient to see', 200);

/**
 * POST /api/shl/{token} body, the IG's manifest request. Not strict: the IG has receivers send properties
 * a server may not know, and the server ignore them.
 */
export const manifestRequestSchema = yup.object({
  recipient: recipient(),
  passcode: yup.string().typeError('Passcode must be text').max(200, 'Passcode is too long').optional(),
  embeddedLengthMax: nonNegativeInteger('embeddedLengthMax').optional(),
});

/** GET /api/shl/{token}?recipient=... query: a `U` link's file, fetched directly. */
export const directFileQuerySchema = yup.object({ recipient: recipient() });
