import { consultationRefSchema } from '../../common/schemas/signalling';
import { Forbidden } from '../../server/errors';
import { loadMembership } from '../rooms/membership';
import { lobbyOf } from '../rooms/lobby';
import { defineHandler } from './define';

/** The doctor asks who waits in the lobby (their screens also hear every change as 'consultation:lobby'). */
export const lobbyHandler = defineHandler({
  event: 'consultation:lobby',
  schema: consultationRefSchema,
  access: 'session',
  rate: 'signalling',
  async handle(ctx, { consultationId }) {
    const membership = await loadMembership(consultationId, ctx.socket.data);
    if (membership.role !== 'doctor') throw new Forbidden('Only the doctor sees who waits to be let in.');
    return { consultationId, guests: await lobbyOf(ctx, consultationId) };
  },
});
