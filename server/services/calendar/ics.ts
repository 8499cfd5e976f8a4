import ical, { ICalAlarmType } from 'ical-generator';
import { vtimezone } from './vtimezone';
import { zonedDateTime } from './zoned-time';

/** Every event reminds its owner this long before it starts (a VALARM that calendar programs show). */
export const REMINDER_MINUTES = 60;

/** One event as the calendar file states it. */
export interface CalendarEntry {
  /** Stable across downloads and feed reads, so a calendar updates the event instead of adding another. */
  uid: string;
  start: Date;
  durationMinutes: number;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
}

function startAndEnd(entry: CalendarEntry, timeZone: string | null) {
  const end = new Date(entry.start.getTime() + entry.durationMinutes * 60_000);
  if (!timeZone) return { start: entry.start, end };
  return { start: zonedDateTime(entry.start, timeZone), end: zonedDateTime(end, timeZone), timezone: timeZone };
}

/**
 * An RFC 5545 calendar. Times are written as local times of `timeZone` with its VTIMEZONE (so the
 * event keeps its wall-clock time in the patient's zone across a daylight-saving change), or in UTC.
 */
export function icsCalendar(name: string, timeZone: string, entries: CalendarEntry[]): string {
  const years = entries.map((entry) => entry.start.getUTCFullYear());
  const [firstYear, lastYear] = [Math.min(...years), Math.max(...years)];
  const zoned = timeZone !== 'UTC' && entries.length > 0;
  const calendar = ical({
    name,
    prodId: { company: 'MediVault', product: 'MediVault', language: 'EN' },
    ...(zoned ? { timezone: { name: timeZone, generator: (zone: string) => vtimezone(zone, firstYear, lastYear) } } : {}),
  });
  for (const entry of entries) {
    calendar.createEvent({
      id: entry.uid,
      ...startAndEnd(entry, zoned ? timeZone : null),
      summary: entry.summary,
      description: entry.description,
      location: entry.location,
      url: entry.url,
      alarms: [{ type: ICalAlarmType.display, trigger: REMINDER_MINUTES * 60, description: entry.summary }],
    });
  }
  return calendar.toString();
}
