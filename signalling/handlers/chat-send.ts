import { chatSendSchema } from '../../common/schemas/chat';
import { consultationRoom } from '../rooms/names';
import { defineHandler } from './define';
import { assertJoined } from './guards';

/** Stores the line in PostgreSQL, then pushes it to everyone in the room (the sender's other tabs too). */
export const chatSendHandler = defineHandler({
  event: 'chat:send',
  schema: chatSendSchema,
  async handle(ctx, { consultationId, text }) {
    assertJoined(ctx, consultationId);
    const { role, id, name } = ctx.socket.data;
    const message = await ctx.chat.save({ consultationId, sender: role, senderId: id, senderName: name, text });
    ctx.io.to(consultationRoom(consultationId)).emit('chat:message', message);
    return { message };
  },
});
