import * as yup from 'yup';
import { MAX_DOCUMENT_DATA_URL_LENGTH, MEDICAL_SUMMARY_TYPES, PLANS } from '../constants';
import { optionalString, requiredString, strictObject } from './helpers';

/** Bodies that must be empty ({}): logout, grant premium, the socket's 'consultation:waitingPatients'. */
export const emptyBodySchema = strictObject({});

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** IANA time zone dates are written in (the browser's); UTC when absent. */
export const timeZone = () =>
  yup
    .string()
    .typeError('Time zone must be text')
    .max(64, 'Time zone must be an IANA name such as Europe/Paris')
    .test('iana', 'Time zone must be an IANA name such as Europe/Paris', (v) => v == null || isTimeZone(v))
    .default('UTC');

/** POST /api/medical-summary body: {} (overview) or a chosen analysis. */
export const medicalSummaryRequestSchema = strictObject({
  type: yup
    .string()
    .oneOf(MEDICAL_SUMMARY_TYPES, `Summary type must be one of ${MEDICAL_SUMMARY_TYPES.join(', ')}`)
    .default('overview'),
  timeZone: timeZone(),
});

/** GET /api/dashboard-summary query. */
export const dashboardSummaryQuerySchema = strictObject({
  timeZone: timeZone(),
});

const DOCUMENT_TOO_LARGE = 'Document is too large (at most 10 MB)';

/** POST /api/process-medical-document body: an image as a base64 data URL. */
export const processImageSchema = strictObject({
  imageData: yup
    .string()
    .typeError('Image data must be a data URL')
    .required('Image data is required')
    .max(MAX_DOCUMENT_DATA_URL_LENGTH, DOCUMENT_TOO_LARGE)
    .matches(/^data:image\/[a-z0-9.+-]+;base64,/i, 'Image data must be a base64 image data URL'),
});

/** POST /api/process-pdf-document body: a PDF as a base64 data URL. */
export const processPdfSchema = strictObject({
  pdfData: yup
    .string()
    .typeError('PDF data must be a data URL')
    .required('PDF data is required')
    .max(MAX_DOCUMENT_DATA_URL_LENGTH, DOCUMENT_TOO_LARGE)
    .matches(/^data:application\/pdf;base64,/i, 'PDF data must be a base64 PDF data URL'),
});

const PLAN_AMOUNTS = [PLANS.monthly.amountCents, PLANS.yearly.amountCents];

/** POST /api/create-payment-intent body: amount in cents, which must be one of the plan prices. */
export const paymentIntentSchema = strictObject({
  amount: yup
    .number()
    .typeError('Amount must be a number')
    .required('Amount is required')
    .oneOf(PLAN_AMOUNTS, 'Amount must match a premium plan price'),
  description: optionalString('Description', 500),
});

/** POST /api/push/subscribe body: a browser PushSubscription serialised with toJSON(). */
export const pushSubscriptionSchema = strictObject({
  endpoint: requiredString('Endpoint', 'Endpoint is required', 2048).matches(/^https?:\/\/[^\s/]+\/\S*$/i, 'Endpoint must be a URL'),
  expirationTime: yup.number().typeError('Expiration time must be a number').nullable().optional(),
  keys: strictObject({
    p256dh: requiredString('p256dh key', 'p256dh key is required', 512),
    auth: requiredString('auth key', 'auth key is required', 512),
  }).required('Keys are required'),
});

export type MedicalSummaryRequest = yup.InferType<typeof medicalSummaryRequestSchema>;
export type DashboardSummaryQuery = yup.InferType<typeof dashboardSummaryQuerySchema>;
export type ProcessImageInput = yup.InferType<typeof processImageSchema>;
export type ProcessPdfInput = yup.InferType<typeof processPdfSchema>;
export type PaymentIntentInput = yup.InferType<typeof paymentIntentSchema>;
export type PushSubscriptionInput = yup.InferType<typeof pushSubscriptionSchema>;
