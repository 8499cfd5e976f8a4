import type { MediaBackend } from '../media';
import type { SignallingServer } from '../types';
import { consultationOfRoom } from './names';

/**
 * A socket's media in a consultation lasts as long as its place in the room: however it leaves
 * (consultation:leave, a disconnect, the consultation's end, a leave ordered from another process),
 * what it holds there is released and the track state it reported is forgotten.
 */
export function releaseMediaOnLeave(io: SignallingServer, media: Pick<MediaBackend, 'release'>): () => void {
  const namespace = io.of('/');
  const onLeave = (room: string, socketId: string) => {
    const consultationId = consultationOfRoom(room);
    if (!consultationId) return;
    media.release(consultationId, socketId);
    const socket = namespace.sockets.get(socketId);
    if (socket) delete socket.data.media[consultationId];
  };
  namespace.adapter.on('leave-room', onLeave);
  return () => namespace.adapter.off('leave-room', onLeave);
}
