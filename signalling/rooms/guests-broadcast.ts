import type { GuestsChanged, RealtimeEvents } from '../../server/services/realtime';
import type { SignallingServer } from '../types';
import { actorRoom } from './names';

/**
 * Tells the patient's and the doctor's open screens that a consultation's guest links changed, so that a
 * patient's request reaches the doctor's guests panel, and the doctor's answer the patient's. Never to the
 * consultation's room: its guests are not told of other guests' links.
 */
export function broadcastGuestChanges(realtime: RealtimeEvents, io: SignallingServer): () => void {
  const onChange = (change: GuestsChanged) => {
    io.to([actorRoom('patient', change.patientId), actorRoom('doctor', change.doctorId)]).emit('consultation:guests', { consultationId: change.consultationId });
  };
  realtime.on('consultation:guests', onChange);
  return () => realtime.off('consultation:guests', onChange);
}
