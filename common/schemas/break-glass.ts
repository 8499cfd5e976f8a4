import * as yup from 'yup';
import { requiredString, strictObject, trimText } from './helpers';

const BREAK_GLASS_REASON_MIN = 10;
const BREAK_GLASS_REASON_MAX = 500;
const BREAK_GLASS_REASON_REQUIRED = 'Give the reason you need these records now';

/** POST /api/doctor/patients/{patientId}/break-glass body; also the doctor portal's reason form. */
export const breakGlassSchema = strictObject({
  reason: requiredString('Reason', BREAK_GLASS_REASON_REQUIRED, BREAK_GLASS_REASON_MAX)
    .transform(trimText)
    .min(BREAK_GLASS_REASON_MIN, `Reason must be at least ${BREAK_GLASS_REASON_MIN} characters`),
});

export type BreakGlassInput = yup.InferType<typeof breakGlassSchema>;
