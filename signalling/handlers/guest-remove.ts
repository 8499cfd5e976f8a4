import { guestRefSchema } from '../../common/schemas/signalling';
import { endGuest } from '../../server/services/consultation-guests';
import { announceLobby } from '../rooms/lobby';
import { defineHandler } from './define';
import { doctorsGuest, socketGuestAudit } from './guest-access';

/**
 * The doctor removes a guest, waiting or in the call: their link and session end, which closes their sockets
 * on every process (rooms/session-end.ts), and the room and the lobby hear they are gone; audited.
 */
export const guestRemoveHandler = defineHandler({
  event: 'guest:remove',
  schema: guestRefSchema,
  access: 'session',
  rate: 'signalling',
  async handle(ctx, { consultationId, guestId }) {
    const { membership, guest } = await doctorsGuest(ctx, consultationId, guestId);
    await endGuest(ctx.app.deps, membership, guest, socketGuestAudit(ctx.socket, consultationId, guest.id));
    await announceLobby(ctx, consultationId, membership.doctorId);
    return null;
  },
});
