import type { ICalDateTimeValue } from 'ical-generator';
import { dateFormat } from '../../../common/date-formats';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const DAY_MS = 86_400_000;

/** The wall-clock reading of an instant in an IANA zone, from the runtime's time zone data. */
export function wallClock(instant: Date, timeZone: string) {
  const parts = dateFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** Minutes the zone is ahead of UTC at an instant. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return Math.round((Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The instant a wall-clock time of a day has in a zone. A time skipped by a spring-forward change comes
 * out an hour later (as clocks read then); a repeated autumn time is its first occurrence.
 */
export function zonedInstant(day: { year: number; month: number; day: number }, time: string, timeZone: string): Date {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(day.year, day.month - 1, day.day, hour, minute);
  // The zone's offsets a day either side: one of them holds at the wanted time (zones change at most once a day).
  const before = asUtc - offsetMinutes(new Date(asUtc - DAY_MS), timeZone) * 60_000;
  const after = asUtc - offsetMinutes(new Date(asUtc + DAY_MS), timeZone) * 60_000;
  const reads = (instant: number) => {
    const w = wallClock(new Date(instant), timeZone);
    return w.day === day.day && w.hour === hour && w.minute === minute;
  };
  const valid = [before, after].filter(reads);
  return new Date(valid.length ? Math.min(...valid) : before);
}

/**
 * A calendar day ('YYYY-MM-DD') as reports and medications keep it: the instant its midnight has in the
 * patient's zone, as the app's date inputs send it, so every screen and export reads it back as that day.
 */
export function midnightIn(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return zonedInstant({ year, month, day: date }, '00:00', timeZone);
}

const BARE_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A request body's bare calendar days among `fields` ('2026-03-05', as a client written to the spec may send
 * a report or medication date) as their midnight in the patient's zone; date-times stay as sent.
 */
export function zonedDays<T extends object>(body: T, fields: readonly (keyof T)[], timeZone: string): T {
  const bare = fields.filter((field) => typeof body[field] === 'string' && BARE_DAY.test(body[field] as string));
  return bare.length ? { ...body, ...Object.fromEntries(bare.map((field) => [field, midnightIn(body[field] as string, timeZone).toISOString()])) } : body;
}

/** The calendar day ('YYYY-MM-DD') an instant falls on in a zone. */
export function dayIn(instant: Date, timeZone: string): string {
  const { year, month, day } = wallClock(instant, timeZone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * An instant as a zoned date-time in the shape of Temporal.ZonedDateTime, which ical-generator writes as
 * the zone's local time (`DTSTART;TZID=Europe/London:20270329T090000`). Given a plain Date it would write
 * the server process's own local time under the event's TZID instead.
 */
export function zonedDateTime(instant: Date, timeZoneId: string): ICalDateTimeValue {
  const fields = wallClock(instant, timeZoneId);
  const date = `${pad(fields.year, 4)}-${pad(fields.month)}-${pad(fields.day)}`;
  const dateTime = `${date}T${pad(fields.hour)}:${pad(fields.minute)}:${pad(fields.second)}`;
  const plainDate = { year: fields.year, month: fields.month, day: fields.day, toString: () => date, toJSON: () => date };
  const plainDateTime = {
    ...fields,
    toPlainDate: () => plainDate,
    toZonedDateTime: (zone: string) => zoned(zone),
    toString: () => dateTime,
    toJSON: () => dateTime,
  };
  const zoned = (zone: string) => zonedDateTime(instant, zone) as ReturnType<typeof zonedStub>;
  const zonedStub = () => ({
    ...fields,
    timeZoneId,
    toPlainDateTime: () => plainDateTime,
    withTimeZone: zoned,
    toInstant: () => ({
      epochMilliseconds: instant.getTime(),
      toJSON: () => instant.toISOString(),
      toString: () => instant.toISOString(),
      toZonedDateTimeISO: zoned,
    }),
    toString: () => `${dateTime}[${timeZoneId}]`,
    toJSON: () => `${dateTime}[${timeZoneId}]`,
  });
  return zonedStub();
}
