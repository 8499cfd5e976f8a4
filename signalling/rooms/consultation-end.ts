import type { ConsultationStatus } from '../../common/constants';
import { canJoinConsultation } from '../../common/consultation-status';
import type { ConsultationStatusChange, RealtimeEvents } from '../../server/services/realtime';
import type { SignallingServer } from '../types';
import { consultationRoom, guestsRoom } from './names';

/**
 * When a consultation is completed or cancelled through this process, every socket leaves its room, on
 * every process (through the adapter), which releases their media (room-media.ts), and its guests' sockets close. The status push,
 * sent first (status-broadcast.ts), tells the screens; a request they send afterwards is refused with
 * consultation_ended.
 */
export function closeEndedConsultations(realtime: RealtimeEvents, io: SignallingServer): () => void {
  const onChange = ({ consultationId, status }: ConsultationStatusChange) => {
    if (canJoinConsultation(status as ConsultationStatus)) return;
    const room = consultationRoom(consultationId);
    io.in(room).socketsLeave(room);
    // A guest's session reaches this consultation alone: once it is over, their sockets (in the call or the lobby) close.
    io.in(guestsRoom(consultationId)).disconnectSockets(true);
  };
  realtime.on('consultation:status', onChange);
  return () => realtime.off('consultation:status', onChange);
}
