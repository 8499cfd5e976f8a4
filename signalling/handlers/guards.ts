import { SIGNALLING_ERROR_CODES } from '../../common/socket-events';
import { notJoined, SignallingError } from '../errors';
import type { MediaPeer, SfuBackend } from '../media';
import { consultationRoom } from '../rooms/names';
import type { HandlerContext } from '../services';

/** Rooms are joined only through consultation:join, after the database said yes. */
export function assertJoined(ctx: HandlerContext, consultationId: string): void {
  if (!ctx.socket.rooms.has(consultationRoom(consultationId))) throw notJoined();
}

export function mediaPeer(ctx: HandlerContext, consultationId: string): MediaPeer {
  assertJoined(ctx, consultationId);
  return { consultationId, socketId: ctx.socket.id, role: ctx.socket.data.role };
}

/** The SFU verbs exist only when this server runs the SFU. */
export function sfu(ctx: HandlerContext): SfuBackend {
  if (ctx.media.mode !== 'sfu') {
    throw new SignallingError(SIGNALLING_ERROR_CODES.wrongMediaMode, 'This server connects calls peer-to-peer; use p2p:signal.');
  }
  return ctx.media;
}
