import type { DocumentProgress, RealtimeEvents } from '../../server/services/realtime';
import type { SignallingServer } from '../types';
import { actorRoom } from './names';

/** Pushes the progress of a document being read to its patient's own screens (every process, through the Redis adapter). */
export function broadcastDocumentProgress(realtime: RealtimeEvents, io: SignallingServer): () => void {
  const onProgress = ({ userId, ...event }: DocumentProgress) => {
    io.to(actorRoom('patient', userId)).emit('document:progress', event);
  };
  realtime.on('document:progress', onProgress);
  return () => realtime.off('document:progress', onProgress);
}
