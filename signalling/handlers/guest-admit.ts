import { guestRefSchema } from '../../common/schemas/signalling';
import { admitGuest } from '../../server/services/consultation-guests';
import { announceLobby } from '../rooms/lobby';
import { actorRoom, lobbyRoom } from '../rooms/names';
import { defineHandler } from './define';
import { doctorsGuest, socketGuestAudit } from './guest-access';

/** The doctor lets a guest from the lobby into the call: the guest's screens hear it and join; audited. */
export const guestAdmitHandler = defineHandler({
  event: 'guest:admit',
  schema: guestRefSchema,
  access: 'session',
  rate: 'signalling',
  async handle(ctx, { consultationId, guestId }) {
    const { membership, guest } = await doctorsGuest(ctx, consultationId, guestId);
    await admitGuest(membership, guest, socketGuestAudit(ctx.socket, consultationId, guest.id));
    const guestSockets = ctx.io.in(actorRoom('guest', guestId));
    guestSockets.socketsLeave(lobbyRoom(consultationId));
    ctx.io.to(actorRoom('guest', guestId)).emit('guest:admitted', { consultationId });
    await announceLobby(ctx, consultationId, membership.doctorId);
    return null;
  },
});
