import type { Appointment as AppointmentRow } from '../../../../db/models';
import type { AppointmentStatus } from '../../../../common/constants';
import { doctorLabel } from '../../../../common/names';
import type { Appointment, WithId } from './types';
import { referenceTo } from './references';
import { concept, filled, instant, some } from './values';

/** A booking is scheduled until the practice confirms it (common/appointment-status.ts): until then FHIR calls it pending. */
const STATUS: Record<AppointmentStatus, Appointment['status']> = { scheduled: 'pending', confirmed: 'booked', completed: 'fulfilled', cancelled: 'cancelled' };

/** An in-person appointment: the patient, the doctor (by name) and the place. */
export function appointmentResource(appointment: AppointmentRow): WithId<Appointment> {
  const start = new Date(appointment.appointmentDate);
  const code = filled(appointment.confirmationCode);
  const place = filled([appointment.facility, appointment.facilityAddress].filter(Boolean).join(', '));
  return {
    resourceType: 'Appointment',
    id: appointment.id,
    identifier: code ? [{ value: code }] : undefined,
    status: STATUS[appointment.status],
    appointmentType: concept(appointment.type),
    specialty: some([concept(appointment.specialty)]),
    reasonCode: some([concept(appointment.reason)]),
    start: instant(start),
    end: instant(new Date(start.getTime() + appointment.duration * 60_000)),
    minutesDuration: appointment.duration,
    comment: filled(appointment.notes),
    participant: [
      { actor: referenceTo(appointment.userId), status: 'accepted' },
      { actor: { display: doctorLabel(appointment.doctorName) }, status: appointment.status === 'scheduled' ? 'needs-action' : 'accepted' },
      ...(place ? [{ actor: { display: place }, status: 'accepted' as const }] : []),
    ],
  };
}
