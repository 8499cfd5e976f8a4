import { SIGNALLING_ERROR_CODES } from '../../common/socket-events';
import { SignallingError } from '../errors';
import type { MediaPeer, SfuBackend } from '../media';
import type { HandlerContext } from '../services';
import { participantOf } from '../rooms/participants';

/** The socket's part in a consultation's media (room requests only: the gate has seen it in the room). */
export function mediaPeer(ctx: HandlerContext, consultationId: string): MediaPeer {
  const { role, guestId } = participantOf(ctx.socket.data);
  return { consultationId, socketId: ctx.socket.id, role, ...(guestId ? { guestId } : {}) };
}

/** The SFU verbs exist only when this server runs the SFU. */
export function sfu(ctx: HandlerContext): SfuBackend {
  if (ctx.media.mode !== 'sfu') {
    throw new SignallingError(SIGNALLING_ERROR_CODES.wrongMediaMode, 'This server connects calls peer-to-peer; use p2p:signal.');
  }
  return ctx.media;
}
