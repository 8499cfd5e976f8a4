/**
 * Reminders and adherence, shared by the server, the web app and the service worker. Pure TypeScript.
 * A push carries none of the reminder's content: only what the app needs to open the right screen
 * (docs/integrations.md 'Push and reminders').
 */

/** What every push shows: the details appear only inside the app, after it opens. */
export const PUSH_TITLE = 'MediVault reminder';
export const PUSH_BODY = 'Open MediVault to see it.';

/** Appointments and consultations are reminded this many minutes before they start. */
export const EVENT_REMINDER_OFFSETS_MINUTES = [24 * 60, 15] as const;
/** A reminder the server could not send on time (it was down) is dropped once it is this late. */
export const REMINDER_LATE_LIMIT_MS = 60 * 60_000;

/**
 * The pushed notifications: reminders, a consultation starting, Premium's smart reminders (a refill, a dose
 * not marked taken) and enhanced security (records opened by a doctor), and an answer from support.
 */
export type ReminderNotificationType =
  | 'medication_reminder'
  | 'appointment_reminder'
  | 'consultation_reminder'
  | 'consultation_started'
  | 'refill_reminder'
  | 'dose_follow_up'
  | 'records_opened'
  | 'support_answered';

/** Premium's smart reminders: the most pills a supply counts, how early a refill can be reminded, how late a dose is followed up. */
export const MAX_SUPPLY_PILLS = 1000;
export const MAX_PILLS_PER_DOSE = 20;
export const MAX_REFILL_REMINDER_DAYS = 30;
export const FOLLOW_UP_MINUTES_RANGE = [5, 240] as const;

/** The whole content of a web push. Ids only: no names, doses, doctors or times. */
export interface PushPayload {
  type: ReminderNotificationType;
  notificationId: string;
  /** The dose a medication reminder is about, for the notification's Taken and Skip actions. */
  doseId?: string;
  /** Where a click opens the app. */
  url: string;
}

export const DOSE_STATUSES = ['taken', 'skipped'] as const;
export type DoseMark = (typeof DOSE_STATUSES)[number];
/** A dose as the adherence log shows it: pending until marked (or forever, when never answered). */
type DoseStatus = DoseMark | 'pending';

export const ADHERENCE_WINDOWS_DAYS = [7, 30] as const;
export const ADHERENCE_MAX_DAYS = 90;

export function doseStatus(dose: { takenTime: string | Date | null; isSkipped: boolean }): DoseStatus {
  if (dose.takenTime) return 'taken';
  return dose.isSkipped ? 'skipped' : 'pending';
}
