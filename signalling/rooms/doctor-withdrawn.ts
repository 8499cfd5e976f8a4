import { CONSULTATION_STATUSES } from '../../common/constants';
import { canJoinConsultation } from '../../common/consultation-status';
import { consultationsOf } from '../../server/policies/consultation';
import type { DoctorStandingChanged, RealtimeEvents } from '../../server/services/realtime';
import { log } from '../../server/log';
import type { SignallingServer } from '../types';
import { actorRoom, consultationRoom } from './names';

const OPEN_STATUSES = CONSULTATION_STATUSES.filter(canJoinConsultation);

/**
 * When the clinic unverifies or deactivates a doctor through this process, whoever is in the call of one
 * of their open consultations (the patient, waiting) hears it at once, on every process (through the
 * adapter), rather than waiting for a doctor who cannot come; and hears it again when the doctor is back.
 * The patient's other screens hear it too: their consultation cards say so (and offer the refund) without a reload.
 */
export function announceWithdrawnDoctors(realtime: RealtimeEvents, io: SignallingServer): () => void {
  const tellTheirPatients =
    (event: 'consultation:doctorWithdrawn' | 'consultation:doctorReinstated') =>
    ({ doctor }: DoctorStandingChanged) =>
      void consultationsOf(doctor)
        .whereIn('status', OPEN_STATUSES)
        .select('id', 'patientId')
        .then((open) => {
          for (const { id, patientId } of open) io.to([consultationRoom(id), actorRoom('patient', patientId)]).emit(event, { consultationId: id });
        })
        .catch((err: Error) => log.warn({ doctorId: doctor.doctorId, error: err.message }, 'telling the patients of a doctor whose standing changed failed'));
  const onWithdrawn = tellTheirPatients('consultation:doctorWithdrawn');
  const onReinstated = tellTheirPatients('consultation:doctorReinstated');
  realtime.on('doctor:withdrawn', onWithdrawn);
  realtime.on('doctor:reinstated', onReinstated);
  return () => {
    realtime.off('doctor:withdrawn', onWithdrawn);
    realtime.off('doctor:reinstated', onReinstated);
  };
}
