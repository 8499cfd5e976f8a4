import type { DoctorConsultation } from '../../../../common/api-types';
import type { WaitingPatient } from '../../../../common/socket-events';

/**
 * Today's queue: patients waiting in the call first, longest wait first; then the rest in time order.
 */
export function queueOrder(today: DoctorConsultation[], waitingOf: (c: DoctorConsultation) => WaitingPatient | undefined): DoctorConsultation[] {
  const rank = (c: DoctorConsultation) => {
    const waiting = waitingOf(c);
    return waiting ? Date.parse(waiting.waitingSince) - Number.MAX_SAFE_INTEGER : Date.parse(c.appointmentDate);
  };
  return [...today].sort((a, b) => rank(a) - rank(b));
}
