import { format } from 'date-fns';
import { dateFormat } from '../../../common/date-formats';

/** 'Mon, Mar 3, 2025' */
export const formatDay = (iso: string) => format(new Date(iso), 'EEE, MMM d, yyyy');
/** A record's calendar day (kept as its midnight in the patient's zone) read in that zone, wherever the reader is: 'Mon, Mar 3, 2025'. */
export const formatDayIn = (iso: string, timeZone: string) => dateFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));
/** '2:30 PM' */
export const formatTime = (iso: string) => format(new Date(iso), 'h:mm a');

/** A date as the value of <input type="datetime-local"> in local time: 'YYYY-MM-DDTHH:MM'. */
export function toLocalInputValue(date: Date): string {
  return format(date, "yyyy-MM-dd'T'HH:mm");
}

/** The 'min' of a date-time picker: the current minute. */
export function nowLocalInputValue(): string {
  return toLocalInputValue(new Date());
}

/** '2:30 PM – 3:00 PM' */
export function formatTimeRange(iso: string, minutes: number): string {
  const end = new Date(Date.parse(iso) + minutes * 60_000).toISOString();
  return `${formatTime(iso)} – ${formatTime(end)}`;
}
