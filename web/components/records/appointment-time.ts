import { format, isSameDay } from 'date-fns';
import type { Appointment } from '../../../common/api-types';
import { isUpcomingAppointment } from '../../../common/records';

/** Upcoming appointments (scheduled or confirmed, not in the past), soonest first. */
export function upcomingAppointments(appointments: Appointment[], now = Date.now()): Appointment[] {
  return appointments
    .filter((a) => isUpcomingAppointment(a, now))
    .sort((a, b) => Date.parse(a.appointmentDate) - Date.parse(b.appointmentDate));
}

/** The dashboard's Next Appointment: 'Today', else the day of the next one ('Mar 18'), else 'None'. */
export function nextAppointmentLabel(appointments: Appointment[], now = new Date()): string {
  const next = upcomingAppointments(appointments, now.getTime())[0];
  if (!next) return 'None';
  const when = new Date(next.appointmentDate);
  return isSameDay(when, now) ? 'Today' : format(when, 'MMM d');
}

/** 'Wed, Nov 25 · 10:30 AM'; the year only when it is not this one. */
export function formatAppointmentTime(iso: string, now = new Date()): string {
  const when = new Date(iso);
  const day = when.getFullYear() === now.getFullYear() ? 'EEE, MMM d' : 'EEE, MMM d, yyyy';
  return `${format(when, day)} · ${format(when, 'h:mm a')}`;
}
