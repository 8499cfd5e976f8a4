import { participantKey } from '../../common/participants';
import { log } from '../../server/log';
import { socketActor } from '../auth';
import type { HandlerContext } from '../services';
import { consultationRoom } from './names';
import { participantOf } from './participants';
import { announceRoomChange } from './room-change';

/**
 * Takes the socket out of the consultation's room: its media there is given up (room-media.ts), and the room
 * hears it. `reconnectingSince` (when they first came into the room) keeps them shown as reconnecting, for a
 * rejoin that could not go on record: their client tries again.
 */
export async function leaveConsultationRoom(ctx: HandlerContext, consultationId: string, reconnectingSince?: string): Promise<void> {
  await ctx.socket.leave(consultationRoom(consultationId));
  const participant = participantOf(ctx.socket.data);
  const announce = () => announceRoomChange(ctx, consultationId, socketActor(ctx.socket.data));
  if (reconnectingSince) {
    const announceGone = () => void announce().catch((err: Error) => log.warn({ consultationId, error: err.message }, 'presence after a refused rejoin failed'));
    ctx.reconnecting.hold(consultationId, participant, announceGone, reconnectingSince);
  } else ctx.reconnecting.release(consultationId, participantKey(participant));
  delete ctx.socket.data.joinedAt[consultationId];
  await announce();
}
