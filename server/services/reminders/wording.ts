import { dateFormat } from '../../../common/date-formats';

/** How reminders name an instant, in the patient's zone: 'Tue, Dec 1, 8:00 AM'. */
export function localTime(instant: Date | string, timeZone: string): string {
  return dateFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(instant));
}

/** A day, in the patient's zone: 'Tue, Dec 1'. */
export function localDay(instant: Date | string, timeZone: string): string {
  return dateFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' }).format(new Date(instant));
}
