import type { ICalDateTimeValue } from 'ical-generator';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: making one costs far more than using it, and a supply's projection reads thousands of instants. */
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock reading of an instant in an IANA zone, from the runtime's time zone data. */
export function wallClock(instant: Date, timeZone: string) {
  const parts = formatterOf(timeZone).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
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
