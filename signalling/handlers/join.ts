import { consultationRefSchema } from '../../common/schemas/signalling';
import { NotFound } from '../../server/errors';
import { actorFromHandshake, socketIdentity } from '../auth';
import { recordSocketAudit } from '../audit';
import { loadMembership } from '../rooms/membership';
import { consultationRoom } from '../rooms/names';
import { broadcastPresence } from '../rooms/presence';
import type { HandlerContext } from '../services';
import { defineHandler } from './define';

/** A session signed out since the socket connected must not open rooms any more. */
async function assertSessionStillValid(ctx: HandlerContext): Promise<void> {
  const identity = socketIdentity(await actorFromHandshake(ctx.app, ctx.socket.request));
  if (!identity || identity.id !== ctx.socket.data.id || identity.role !== ctx.socket.data.role) {
    ctx.socket.disconnect(true);
    throw new NotFound('Consultation not found.');
  }
}

export const joinHandler = defineHandler({
  event: 'consultation:join',
  schema: consultationRefSchema,
  async handle(ctx, { consultationId }) {
    await assertSessionStillValid(ctx);
    const membership = await loadMembership(consultationId, ctx.socket.data).catch(async (err) => {
      if (err instanceof NotFound) await recordSocketAudit(ctx.socket, { action: 'consultation.join', outcome: 'denied', consultationId });
      throw err;
    });
    await ctx.socket.join(consultationRoom(consultationId));
    await recordSocketAudit(ctx.socket, { action: 'consultation.join', outcome: 'success', consultationId, patientId: membership.patientId });
    const [messages, room] = await Promise.all([ctx.chat.history(consultationId, membership.names), broadcastPresence(ctx.io, consultationId)]);
    const otherRole = membership.role === 'patient' ? 'doctor' : 'patient';
    return {
      consultation: membership.consultation,
      role: membership.role,
      media: ctx.media.mode,
      messages,
      participants: room.participants,
      remoteMedia: room.media[otherRole] ?? null,
      iceServers: ctx.media.iceServers,
    };
  },
});
