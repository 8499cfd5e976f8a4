import * as yup from 'yup';
import { CHAT_HISTORY_PAGE, CHAT_MAX_LENGTH } from '../constants';
import { UNSTORABLE_TEXT_MESSAGE, UUID_PATTERN, hasUnstorableCharacter, numberField, sentAs, strictObject, tooLongMessage, trimText, uuidField } from './helpers';

/** 'chat:send' payload. Text is trimmed; blank messages are rejected. */
export const chatSendSchema = strictObject({
  consultationId: uuidField('Consultation', 'Invalid consultation id'),
  text: yup
    .string()
    .typeError('Message must be text')
    .test(sentAs('string', 'Message must be text'))
    .transform(trimText)
    .required('Message cannot be empty')
    .test('storable', UNSTORABLE_TEXT_MESSAGE, (v) => v == null || !hasUnstorableCharacter(v))
    .max(CHAT_MAX_LENGTH, tooLongMessage('Message', CHAT_MAX_LENGTH)),
});

export type ChatSendInput = yup.InferType<typeof chatSendSchema>;

const MESSAGE_ID_MESSAGE = 'Before must be a message id';

/** 'chat:history' payload: a page of lines before a message (the latest page without one). */
export const chatHistorySchema = strictObject({
  consultationId: uuidField('Consultation', 'Invalid consultation id'),
  before: yup
    .string()
    .typeError(MESSAGE_ID_MESSAGE)
    .test(sentAs('string', MESSAGE_ID_MESSAGE))
    .matches(UUID_PATTERN, MESSAGE_ID_MESSAGE)
    .optional(),
  limit: numberField('Limit')
    .integer('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(CHAT_HISTORY_PAGE, `Limit must be at most ${CHAT_HISTORY_PAGE}`)
    .default(CHAT_HISTORY_PAGE),
});


/** GET /api/consultations/{id}/chat query: the transcript a page at a time, as 'chat:history' pages it. */
export const chatTranscriptQuerySchema = chatHistorySchema.omit(['consultationId']);

