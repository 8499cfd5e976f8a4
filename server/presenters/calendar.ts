import type { Appointment, CalendarFeed, Consultation } from '../../db/models';
import type { CalendarFeedStatus } from '../../common/api-types';
import { CONSULTATION_TYPE_LABELS } from '../../common/constants';
import { doctorLabel } from '../../common/names';
import { iso } from '../lib/dates';
import type { CalendarEntry } from '../services/calendar/ics';

/**
 * What a calendar event tells. A file the patient downloads names the doctor and the place (or the call
 * link); the feed, read by a calendar service the patient may share, says only 'Appointment' or
 * 'Consultation' and the link. Neither ever carries the reason, symptoms, notes or specialty.
 */
type CalendarDetail = 'file' | 'feed';

export function appointmentEntry(appointment: Appointment, origin: string, detail: CalendarDetail): CalendarEntry {
  const place = [appointment.facility, appointment.facilityAddress].filter(Boolean).join(', ');
  return {
    uid: `appointment-${appointment.id}@medivault`,
    start: new Date(appointment.appointmentDate),
    durationMinutes: appointment.duration,
    summary: detail === 'feed' ? 'Appointment' : `Appointment with ${doctorLabel(appointment.doctorName)}`,
    ...(detail === 'file' ? { location: place, description: appointment.confirmationCode ? `Confirmation code: ${appointment.confirmationCode}` : undefined } : {}),
    url: `${origin}/appointments`,
  };
}

/** Load the consultation's `doctor` relation for a file's event. */
export function consultationEntry(consultation: Consultation, origin: string, detail: CalendarDetail): CalendarEntry {
  const callLink = `${origin}/video-call/${consultation.id}`;
  const kind = CONSULTATION_TYPE_LABELS[consultation.consultationType];
  return {
    uid: `consultation-${consultation.id}@medivault`,
    start: new Date(consultation.appointmentDate),
    durationMinutes: consultation.duration,
    summary: detail === 'feed' ? 'Consultation' : `Consultation with ${consultation.doctor ? doctorLabel(consultation.doctor.name) : 'your doctor'} (${kind})`,
    description: `Join the consultation: ${callLink}`,
    location: callLink,
    url: callLink,
  };
}

export function presentCalendarFeed(feed: CalendarFeed | undefined, url?: string): CalendarFeedStatus {
  return {
    enabled: Boolean(feed),
    url: url ?? null,
    timeZone: feed?.timeZone ?? null,
    createdAt: iso(feed?.createdAt ?? null),
  };
}
