import { consultationRefSchema } from '../../common/schemas/signalling';
import { consultationRoom } from '../rooms/names';
import { announceRoomChange } from '../rooms/room-change';
import { defineHandler } from './define';

/** Leaving a room one is not in is a no-op, so a client may always leave on its way out. */
export const leaveHandler = defineHandler({
  event: 'consultation:leave',
  schema: consultationRefSchema,
  async handle(ctx, { consultationId }) {
    const room = consultationRoom(consultationId);
    if (!ctx.socket.rooms.has(room)) return null;
    await ctx.socket.leave(room);
    delete ctx.socket.data.media[consultationId];
    ctx.media.release(consultationId, ctx.socket.id);
    ctx.reconnecting.release(consultationId, ctx.socket.data.role);
    await announceRoomChange(ctx, consultationId);
    return null;
  },
});
