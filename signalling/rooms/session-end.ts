import type { RealtimeEvents, SessionEnded } from '../../server/services/realtime';
import type { SignallingServer } from '../types';
import { sessionRoom } from './names';

/**
 * Disconnects every socket of a session that signed out in this process. Through the Redis adapter
 * the disconnect reaches sockets on every process; their owners see them leave the rooms at once.
 */
export function disconnectEndedSessions(realtime: RealtimeEvents, io: SignallingServer): () => void {
  const onEnded = ({ fingerprint }: SessionEnded) => io.in(sessionRoom(fingerprint)).disconnectSockets(true);
  realtime.on('session:ended', onEnded);
  return () => realtime.off('session:ended', onEnded);
}
