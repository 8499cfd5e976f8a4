import { Appointment, Consultation, Doctor } from '../../../db/models';
import { hasPremium } from '../plan';
import { EVENT_REMINDER_OFFSETS_MINUTES, type ReminderNotificationType } from '../../../common/reminders';
import { isDoseDue, nextDoseAfter } from './occurrences';
import { accountTimeZone } from '../account-time-zone';
import { doctorLabel } from '../../../common/names';
import { medicationOfOwner } from './medication-owner';
import { localTime } from './wording';
import { doseFollowUp, refill } from './smart-rules';
import { doctorInGoodStanding } from '../doctor-standing';

export type ReminderKind = 'medication' | 'refill' | 'dose_follow_up' | 'appointment' | 'consultation';

/** The kinds of reminder a medication has: its doses, and Premium's refill and follow-up reminders. */
export const MEDICATION_REMINDER_KINDS = ['medication', 'refill', 'dose_follow_up'] as const satisfies readonly ReminderKind[];

/** A notification to write (once) and push, and for a medication the dose it asks about. */
export interface Delivery {
  userId: string;
  type: ReminderNotificationType;
  subjectId: string;
  scheduledFor: Date;
  title: string;
  message: string;
  url: string;
  dose?: { medicationId: string; scheduledTime: Date };
}

/**
 * One kind of thing patients are reminded of. Both questions are answered from the database as it is
 * when asked, so a job scheduled before an edit, a reschedule or a cancellation delivers nothing.
 */
export interface ReminderRule {
  /** The reminder times after `after` (the next dose; both event reminders still ahead). */
  upcoming(subjectId: string, after: Date): Promise<Date[]>;
  /** What a reminder due at `dueAt` says, or null when it is no longer due. */
  delivery(subjectId: string, dueAt: Date): Promise<Delivery | null>;
}

const eventReminders = (start: Date | string) => EVENT_REMINDER_OFFSETS_MINUTES.map((minutes) => new Date(new Date(start).getTime() - minutes * 60_000));
const isEventReminder = (start: Date | string, dueAt: Date) => eventReminders(start).some((at) => at.getTime() === dueAt.getTime());

const medication: ReminderRule = {
  async upcoming(id, after) {
    const found = await medicationOfOwner(id);
    const next = found ? nextDoseAfter(found.med, found.timeZone, after) : null;
    return next ? [next] : [];
  },
  async delivery(id, dueAt) {
    const found = await medicationOfOwner(id);
    if (!found || !isDoseDue(found.med, found.timeZone, dueAt)) return null;
    const { med } = found;
    return {
      userId: med.userId,
      type: 'medication_reminder',
      subjectId: med.id,
      scheduledFor: dueAt,
      title: 'Medication reminder',
      message: `Time to take ${med.name} (${med.dosage}).`,
      url: '/medications',
      dose: { medicationId: med.id, scheduledTime: dueAt },
    };
  },
};

/** An appointment or consultation as its reminders need it: whose it is, when it starts, what the reminder says. */
interface RemindedEvent {
  id: string;
  userId: string;
  startsAt: Date | string;
  message(timeZone: string): string;
}

/** Reminders 24 hours and 15 minutes before an event that `find` still answers for (reminded, not cancelled or over). */
function eventRule(find: (id: string) => Promise<RemindedEvent | undefined>, type: ReminderNotificationType, title: string, url: string): ReminderRule {
  return {
    async upcoming(id, after) {
      const found = await find(id);
      return found ? eventReminders(found.startsAt).filter((at) => at > after) : [];
    },
    async delivery(id, dueAt) {
      const found = await find(id);
      if (!found || !isEventReminder(found.startsAt, dueAt)) return null;
      return { userId: found.userId, type, subjectId: found.id, scheduledFor: dueAt, title, message: found.message(await accountTimeZone(found.userId)), url };
    },
  };
}

/** Appointments the patient turned the reminder on for ('Set Reminder'), while scheduled or confirmed. */
const appointment = eventRule(
  async (id) => {
    const found = await Appointment.query().findById(id);
    if (!found?.reminderSent || !['scheduled', 'confirmed'].includes(found.status)) return undefined;
    return { id: found.id, userId: found.userId, startsAt: found.appointmentDate, message: (zone) => `${found.doctorName} at ${found.facility}, ${localTime(found.appointmentDate, zone)}.` };
  },
  'appointment_reminder',
  'Appointment reminder',
  '/appointments',
);

const consultation = eventRule(
  async (id) => {
    const found = await Consultation.query().findById(id).withGraphFetched('doctor');
    if (found?.status !== 'scheduled') return undefined;
    return {
      id: found.id,
      userId: found.patientId,
      startsAt: found.appointmentDate,
      message: (zone) => {
        const doctor = doctorLabel(found.doctor!.name);
        const at = localTime(found.appointmentDate, zone);
        if (doctorInGoodStanding(found.doctor!)) return `Your consultation with ${doctor} is at ${at}.`;
        return `${doctor} can no longer take your consultation at ${at}. Cancel it under Telemedicine and book another doctor.`;
      },
    };
  },
  'consultation_reminder',
  'Consultation reminder',
  '/telemedicine',
);

export const REMINDER_RULES: Record<ReminderKind, ReminderRule> = { medication, refill, dose_follow_up: doseFollowUp, appointment, consultation };

const HOUR_MS = 3_600_000;

/**
 * Premium's enhanced security: the patient is told when a doctor opens their records, at most once per doctor
 * and hour (the notification's time is the hour's start, and a notification is unique per subject and time).
 */
export async function recordsOpenedDelivery(patientId: string, doctorId: string, openedAt: Date): Promise<Delivery | null> {
  if (!(await hasPremium(patientId))) return null;
  const doctor = await Doctor.query().findById(doctorId).select('name');
  return {
    userId: patientId,
    type: 'records_opened',
    subjectId: doctorId,
    scheduledFor: new Date(Math.floor(openedAt.getTime() / HOUR_MS) * HOUR_MS),
    title: 'Your records were opened',
    message: `${doctorLabel(doctor?.name ?? '')} opened your medical records. If you did not expect this, see who opened what under Access History.`,
    url: '/access-history',
  };
}

/** The push a patient gets when the doctor starts their consultation (one per consultation). */
export async function consultationStartedDelivery(id: string): Promise<Delivery | null> {
  const found = await Consultation.query().findById(id).withGraphFetched('doctor');
  if (found?.status !== 'in_progress') return null;
  return {
    userId: found.patientId,
    type: 'consultation_started',
    subjectId: found.id,
    scheduledFor: new Date(found.appointmentDate),
    title: 'Your consultation has started',
    message: `${doctorLabel(found.doctor?.name ?? '')} has started your consultation. Join the call now.`,
    url: `/video-call/${found.id}`,
  };
}
