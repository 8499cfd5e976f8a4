import * as yup from 'yup';
import { MEDICAL_SUMMARY_TYPES, PLAN_IDS, type PlanId } from '../constants';
import { optionalString, requiredString, strictObject } from './helpers';
import { dateFormat } from '../date-formats';

/** Bodies that must be empty ({}): logout, grant premium, the socket's 'consultation:waitingPatients'. */
export const emptyBodySchema = strictObject({});

function isTimeZone(value: string): boolean {
  try {
    dateFormat('en-US', { timeZone: value });
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

/** GET /api/dashboard-summary query: without a zone, the one the patient's account keeps (the app sends none). */
export const dashboardSummaryQuerySchema = strictObject({
  timeZone: timeZone().default(undefined),
});

/** Media type and parameters (at most 200 characters, never trusted), then the base64 marker. */
const DATA_URL_HEADER = /^data:[^,]{0,200};base64,/i;

/**
 * A document as a base64 data URL. Only the shape is checked here: the type comes from the bytes (the
 * server sniffs them), never from the header, and the size limit is enforced while the body streams in.
 */
const dataUrl = (label: string) =>
  yup
    .string()
    .typeError(`${label} must be a data URL`)
    .required(`${label} is required`)
    .test('data-url', `${label} must be a base64 data URL (data:...;base64,...)`, (value) => !value || DATA_URL_HEADER.test(value.slice(0, 256)));

/** The name the file had on the patient's device, kept for the download; optional. */
const documentFilename = optionalString('File name', 255);

/** POST /api/process-medical-document body: an image as a base64 data URL. */
export const processImageSchema = strictObject({ imageData: dataUrl('Image data'), filename: documentFilename });

/** POST /api/process-pdf-document body: a PDF as a base64 data URL. */
export const processPdfSchema = strictObject({ pdfData: dataUrl('PDF data'), filename: documentFilename });

/**
 * POST /api/create-payment-intent body. The server charges the plan's own price: `amount` (which the spec's
 * client sends, in cents) is accepted and ignored. Without `plan`, a description naming the yearly plan
 * chooses it (the spec's client sends 'premium plus plan name'), else monthly.
 */
export const paymentIntentSchema = strictObject({
  plan: yup.string<PlanId>().oneOf(PLAN_IDS, 'Plan must be monthly or yearly').optional(),
  amount: yup.number().typeError('Amount must be a number').optional(),
  description: optionalString('Description', 500),
});

/** The plan a create-payment-intent body asks for (see paymentIntentSchema). */
export function requestedPlan(body: { plan?: PlanId; description?: string | null }): PlanId {
  if (body.plan) return body.plan;
  return /year/i.test(body.description ?? '') ? 'yearly' : 'monthly';
}

/** POST /api/push/subscribe body: a browser PushSubscription serialised with toJSON(). */
export const pushSubscriptionSchema = strictObject({
  endpoint: requiredString('Endpoint', 'Endpoint is required', 2048).matches(/^https?:\/\/[^\s/]+\/\S*$/i, 'Endpoint must be a URL'),
  expirationTime: yup.number().typeError('Expiration time must be a number').nullable().optional(),
  keys: strictObject({
    p256dh: requiredString('p256dh key', 'p256dh key is required', 512),
    auth: requiredString('auth key', 'auth key is required', 512),
  }).required('Keys are required'),
});

