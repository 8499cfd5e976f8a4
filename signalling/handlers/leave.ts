import { consultationRefSchema } from '../../common/schemas/signalling';
import { socketActor } from '../auth';
import { consultationRoom, lobbyRoom } from '../rooms/names';
import { announceLobby } from '../rooms/lobby';
import { participantKey } from '../../common/participants';
import { participantOf } from '../rooms/participants';
import { announceRoomChange } from '../rooms/room-change';
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
    // Leaving gives up the socket's media there (rooms/room-media.ts).
    await ctx.socket.leave(room);
    ctx.reconnecting.release(consultationId, participantKey(participantOf(ctx.socket.data)));
    delete ctx.socket.data.joinedAt[consultationId];
    await announceRoomChange(ctx, consultationId, socketActor(ctx.socket.data));
    return null;
  },
});
