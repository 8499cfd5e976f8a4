import type { Consultation } from '../../../common/api-types';
import { consultationMachine, wasNotHeld } from '../../../common/consultation-status';

const byDate = (a: Consultation, b: Consultation) => Date.parse(a.appointmentDate) - Date.parse(b.appointmentDate);

/**
 * Upcoming and running consultations (soonest first), then past ones (newest first): completed, cancelled,
 * and scheduled ones whose time went by with nobody starting them.
 */
export function groupConsultations(consultations: Consultation[], now: number) {
  const isPast = (c: Consultation) => consultationMachine.isFinal(c.status) || wasNotHeld(c, now);
  return [
    { id: 'upcoming', title: 'Upcoming', items: consultations.filter((c) => !isPast(c)).sort(byDate) },
    { id: 'past', title: 'Past & cancelled', items: consultations.filter(isPast).sort((a, b) => byDate(b, a)) },
  ].filter((group) => group.items.length);
}
