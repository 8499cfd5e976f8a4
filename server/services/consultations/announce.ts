import type { Consultation } from '../../../db/models';
import type { RealtimeEvents } from '../realtime';

/**
 * Tells live screens where a consultation stands once a change is committed: a booking, a reschedule
 * (still scheduled, at a new time) or a status change. Both sides' lists and the consultation's call hear it.
 */
export function announceConsultation(realtime: RealtimeEvents, consultation: Pick<Consultation, 'id' | 'status' | 'patientId' | 'doctorId'>): void {
  realtime.emit('consultation:status', {
    consultationId: consultation.id,
    status: consultation.status,
    patientId: consultation.patientId,
    doctorId: consultation.doctorId,
  });
}

/** Tells the consultation's patient and doctor that its fee moved (paid, failed, refunded, a refund owed), so their screens read it again. */
export function announcePayment(realtime: RealtimeEvents, consultation: Pick<Consultation, 'id' | 'patientId' | 'doctorId'>): void {
  realtime.emit('consultation:payment', { consultationId: consultation.id, patientId: consultation.patientId, doctorId: consultation.doctorId });
}
