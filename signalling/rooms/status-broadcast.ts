import type { ConsultationStatus } from '../../common/constants';
import type { ConsultationStatusChange, RealtimeEvents } from '../../server/services/realtime';
import type { SignallingServer } from '../types';
import { actorRoom, consultationRoom } from './names';

/**
 * Pushes every status change made in this process (over REST or by socket; a booking or a reschedule
 * announces its status too) to the consultation's room and to its patient's and doctor's other open screens. Through the Redis adapter the push
 * reaches sockets on every process, so each change is announced once, where it happened.
 */
export function broadcastStatusChanges(realtime: RealtimeEvents, io: SignallingServer): () => void {
  const onChange = (change: ConsultationStatusChange) => {
    io.to([consultationRoom(change.consultationId), actorRoom('patient', change.patientId), actorRoom('doctor', change.doctorId)]).emit(
      'consultation:status',
      { consultationId: change.consultationId, status: change.status as ConsultationStatus },
    );
  };
  realtime.on('consultation:status', onChange);
  return () => realtime.off('consultation:status', onChange);
}
