import { chatSendSchema, type ChatSendInput } from '../../common/schemas/chat';
import { UUID_PATTERN, hasUnstorableCharacter } from '../../common/schemas/helpers';
import { CHAT_MAX_LENGTH } from '../../common/constants';
import { consultationRoom } from '../rooms/names';
import { defineHandler } from './define';

/** The well-formed line, checked without yup's machinery; anything else goes to chatSendSchema. */
function wellFormedLine(payload: Record<string, unknown>): ChatSendInput | null {
  const { consultationId, text } = payload;
  if (typeof consultationId !== 'string' || typeof text !== 'string' || Object.keys(payload).length !== 2) return null;
  const line = text.trim();
  if (!line || line.length > CHAT_MAX_LENGTH || hasUnstorableCharacter(line) || !UUID_PATTERN.test(consultationId)) return null;
  return { consultationId, text: line };
}

/**
 * Stores the line in PostgreSQL with its audit row (an event, without its text), then pushes it to everyone in the room (the sender's other tabs too).
 * Only while the consultation runs: once it is completed or cancelled the gate refuses the line and
 * the chat is read-only (docs/decisions.md).
 */
export const chatSendHandler = defineHandler({
  event: 'chat:send',
  schema: chatSendSchema,
  access: 'room',
  rate: 'chat',
  precheck: wellFormedLine,
  async handle(ctx, { consultationId, text }) {
    const { role, id, name } = ctx.socket.data;
    const patientId = (await ctx.app.deps.consultationStandings.patientOf(consultationId)) ?? null;
    const message = await ctx.chat.save({ consultationId, sender: role, senderId: id, senderName: name, patientId, ip: ctx.socket.data.address, text });
    ctx.io.to(consultationRoom(consultationId)).emit('chat:message', message);
    return { message };
  },
});
