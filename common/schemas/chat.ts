import * as yup from 'yup';
import { CHAT_MAX_LENGTH } from '../constants';
import { UNSTORABLE_TEXT_MESSAGE, hasUnstorableCharacter, sentAs, strictObject, tooLongMessage, trimText, uuidField } from './helpers';

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
