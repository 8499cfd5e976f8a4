import type { DoctorConsultation } from '../../../../common/api-types';
import type { WaitingPatient } from '../../../../common/socket-events';

/** Today's queue: patients waiting in the call first, longest wait first; then the rest in time order. */
export function queueOrder(today: DoctorConsultation[], waitingOf: (c: DoctorConsultation) => WaitingPatient | undefined): DoctorConsultation[] {
  return [...today].sort((a, b) => {
    const [aWaiting, bWaiting] = [waitingOf(a), waitingOf(b)];
    if (aWaiting && bWaiting) return Date.parse(aWaiting.waitingSince) - Date.parse(bWaiting.waitingSince);
    if (aWaiting || bWaiting) return aWaiting ? -1 : 1;
    return Date.parse(a.appointmentDate) - Date.parse(b.appointmentDate);
  });
}
