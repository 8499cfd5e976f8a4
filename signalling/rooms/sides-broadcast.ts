import type { ConsultationSides, RealtimeEvents } from '../../server/services/realtime';
import type { SignallingServer } from '../types';
import { actorRoom } from './names';

/** What changed of a consultation that only its patient and doctor see. */
type SidesEvent = 'consultation:guests' | 'consultation:payment';

/**
 * Tells the patient's and the doctor's open screens that something of a consultation only they see changed,
 * so they read it again: its guest links ('consultation:guests': a patient's request reaches the doctor's
 * guests panel, the doctor's answer the patient's) or its fee ('consultation:payment'). Never to the
 * consultation's room: its guests are told neither.
 */
export function broadcastToSides(realtime: RealtimeEvents, io: SignallingServer, event: SidesEvent): () => void {
  const onChange = (change: ConsultationSides) => {
    io.to([actorRoom('patient', change.patientId), actorRoom('doctor', change.doctorId)]).emit(event, { consultationId: change.consultationId });
  };
  realtime.on(event, onChange);
  return () => realtime.off(event, onChange);
}
