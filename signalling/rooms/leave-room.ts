import { participantKey } from '../../common/participants';
import { socketActor } from '../auth';
import type { HandlerContext } from '../services';
import { consultationRoom } from './names';
import { participantOf } from './participants';
import { announceRoomChange } from './room-change';

/** Takes the socket out of the consultation's room: its media there is given up (room-media.ts), and the room hears it. */
export async function leaveConsultationRoom(ctx: HandlerContext, consultationId: string): Promise<void> {
  await ctx.socket.leave(consultationRoom(consultationId));
  ctx.reconnecting.release(consultationId, participantKey(participantOf(ctx.socket.data)));
  delete ctx.socket.data.joinedAt[consultationId];
  await announceRoomChange(ctx, consultationId, socketActor(ctx.socket.data));
}
