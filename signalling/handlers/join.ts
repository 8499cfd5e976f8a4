import { consultationRefSchema } from '../../common/schemas/signalling';
import { NotFound } from '../../server/errors';
import { actorFromHandshake, socketIdentity } from '../auth';
import { clientIce } from '../media/ice';
import { recordSocketAudit } from '../audit';
import { loadMembership, type Membership } from '../rooms/membership';
import { consultationRoom } from '../rooms/names';
import { announceRoomChange } from '../rooms/room-change';
import type { HandlerContext } from '../services';
import { defineHandler } from './define';

/** A session signed out since the socket connected must not open rooms any more. */
async function sessionStillValid(ctx: HandlerContext): Promise<boolean> {
  const identity = socketIdentity(await actorFromHandshake(ctx.app, ctx.socket.request));
  return Boolean(identity && identity.id === ctx.socket.data.id && identity.role === ctx.socket.data.role);
}

/**
 * The session check and the membership lookup run side by side; the room is joined only when both
 * said yes. The audit row, the history and the presence push then run side by side too, and the ack
 * waits for all three (the read is on record before its data leaves).
 */
export const joinHandler = defineHandler({
  event: 'consultation:join',
  schema: consultationRefSchema,
  async handle(ctx, { consultationId }) {
    const [session, lookup] = await Promise.allSettled([sessionStillValid(ctx), loadMembership(consultationId, ctx.socket.data)]);
    if (session.status === 'rejected') throw session.reason;
    if (!session.value) {
      ctx.socket.disconnect(true);
      throw new NotFound('Consultation not found.');
    }
    if (lookup.status === 'rejected') {
      if (lookup.reason instanceof NotFound) await recordSocketAudit(ctx.socket, { action: 'consultation.join', outcome: 'denied', consultationId });
      throw lookup.reason;
    }
    const membership: Membership = lookup.value;
    await ctx.socket.join(consultationRoom(consultationId));
    ctx.reconnecting.release(consultationId, membership.role);
    const [messages, room] = await Promise.all([
      ctx.chat.history(consultationId, membership.names),
      announceRoomChange(ctx, consultationId, { doctorId: membership.doctorId, status: membership.consultation.status }),
      recordSocketAudit(ctx.socket, { action: 'consultation.join', outcome: 'success', consultationId, patientId: membership.patientId }),
    ]);
    const otherRole = membership.role === 'patient' ? 'doctor' : 'patient';
    return {
      consultation: membership.consultation,
      role: membership.role,
      media: ctx.media.mode,
      messages,
      participants: room.participants,
      remoteMedia: room.media[otherRole] ?? null,
      // TURN credentials are made for each join, named after the account, and never logged.
      ...clientIce(ctx.app.deps.config.media, ctx.socket.data.id),
    };
  },
});
