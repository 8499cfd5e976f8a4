import { consultationRefSchema } from '../../common/schemas/signalling';
import { consultationRoom, lobbyRoom } from '../rooms/names';
import { announceLobby } from '../rooms/lobby';
import { leaveConsultationRoom } from '../rooms/leave-room';
import { defineHandler } from './define';

/** Leaving a room (or a guest's lobby) one is not in is a no-op, so a client may always leave on its way out. */
export const leaveHandler = defineHandler({
  event: 'consultation:leave',
  schema: consultationRefSchema,
  access: 'session',
  rate: 'signalling',
  async handle(ctx, { consultationId }) {
    const lobby = lobbyRoom(consultationId);
    if (ctx.socket.rooms.has(lobby)) {
      await ctx.socket.leave(lobby);
      await announceLobby(ctx, consultationId);
    }
    const room = consultationRoom(consultationId);
    if (!ctx.socket.rooms.has(room)) return null;
    await leaveConsultationRoom(ctx, consultationId);
    return null;
  },
});
