import type * as yup from 'yup';
import { requiredString, strictObject } from './helpers';
import { pagingFields } from './paging';

const SUPPORT_SUBJECT_MAX = 120;
const SUPPORT_TEXT_MAX = 4000;

/** POST /api/support-requests body; also the patient's Contact Support form. */
export const supportRequestSchema = strictObject({
  subject: requiredString('Subject', 'Please say in a few words what you need help with', SUPPORT_SUBJECT_MAX),
  message: requiredString('Message', 'Please describe what you need help with', SUPPORT_TEXT_MAX),
});

/** POST /api/admin/support-requests/:id/answer body; also the admin's answer form. */
export const supportAnswerSchema = strictObject({
  answer: requiredString('Answer', 'Please write an answer', SUPPORT_TEXT_MAX),
});

export type SupportRequestInput = yup.InferType<typeof supportRequestSchema>;

/** GET /api/admin/support-requests: the queue, paged (X-Total-Count: how many in all). */
export const supportQueueQuerySchema = strictObject({ ...pagingFields() });
