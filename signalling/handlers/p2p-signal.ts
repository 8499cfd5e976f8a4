import { p2pSignalSchema } from '../../common/schemas/signalling';
import { SIGNALLING_ERROR_CODES } from '../../common/socket-events';
import { SignallingError } from '../errors';
import { consultationRoom } from '../rooms/names';
import { defineHandler } from './define';

/** Relays a simple-peer signal to the other side of the consultation, stamped with the sender's role. */
export const p2pSignalHandler = defineHandler({
  event: 'p2p:signal',
  schema: p2pSignalSchema,
  access: 'room',
  rate: 'signalling',
  async handle(ctx, { consultationId, session, signal }) {
    if (ctx.media.mode !== 'p2p') {
      throw new SignallingError(SIGNALLING_ERROR_CODES.wrongMediaMode, 'This server forwards calls through its SFU; use the sfu:* requests.');
    }
    ctx.socket.to(consultationRoom(consultationId)).emit('p2p:signal', { consultationId, session, signal, from: ctx.socket.data.role });
    return null;
  },
});
