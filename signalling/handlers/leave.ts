import { consultationRefSchema } from '../../common/schemas/signalling';
import { socketActor } from '../auth';
import { consultationRoom } from '../rooms/names';
import { announceRoomChange } from '../rooms/room-change';
import { defineHandler } from './define';

/** Leaving a room one is not in is a no-op, so a client may always leave on its way out. */
export const leaveHandler = defineHandler({
  event: 'consultation:leave',
  schema: consultationRefSchema,
  access: 'session',
  rate: 'signalling',
  async handle(ctx, { consultationId }) {
    const room = consultationRoom(consultationId);
    if (!ctx.socket.rooms.has(room)) return null;
    // Leaving gives up the socket's media there (rooms/room-media.ts).
    await ctx.socket.leave(room);
    ctx.reconnecting.release(consultationId, ctx.socket.data.role);
    delete ctx.socket.data.joinedAt[consultationId];
    await announceRoomChange(ctx, consultationId, socketActor(ctx.socket.data));
    return null;
  },
});
