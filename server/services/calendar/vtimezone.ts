const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The zone's offset from UTC at an instant, in minutes ('GMT+01:00' -> 60). */
export function offsetMinutes(timeZone: string, at: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** '+0100' */
function icalOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/** Wall-clock time at an instant under a fixed offset, as iCalendar's local DATE-TIME ('20270328T010000'). */
function localStamp(at: number, offset: number): string {
  return new Date(at + offset * MINUTE).toISOString().slice(0, 19).replace(/[-:]/g, '');
}

/** The first minute at which the offset differs from the one at `from` (the two instants straddle a change). */
function changeBetween(timeZone: string, from: number, to: number): number {
  const before = offsetMinutes(timeZone, from);
  let [low, high] = [from, to];
  while (high - low > MINUTE) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
    if (offsetMinutes(timeZone, middle) === before) low = middle;
    else high = middle;
  }
  return high;
}

interface Transition {
  at: number;
  from: number;
  to: number;
}

function transitions(timeZone: string, start: number, end: number): Transition[] {
  const found: Transition[] = [];
  for (let day = start; day < end; day += DAY) {
    const from = offsetMinutes(timeZone, day);
    const next = Math.min(day + DAY, end);
    if (offsetMinutes(timeZone, next) !== from) {
      const at = changeBetween(timeZone, day, next);
      found.push({ at, from, to: offsetMinutes(timeZone, at) });
    }
  }
  return found;
}

/**
 * A VTIMEZONE (RFC 5545 3.6.5) for an IANA zone, from the offsets the runtime's time zone data gives over
 * the years asked for: one STANDARD or DAYLIGHT observance per change, so calendar programs turn each
 * local time back into the right instant on either side of a daylight-saving switch.
 */
export function vtimezone(timeZone: string, fromYear: number, toYear: number): string {
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  const changes = transitions(timeZone, start, end);
  const initial = offsetMinutes(timeZone, start);
  // What holds from the start of the range: daylight time when the first change goes back to standard time.
  const initialKind = changes[0] && changes[0].to < changes[0].from ? 'DAYLIGHT' : 'STANDARD';
  const observances = [
    { kind: initialKind, dtstart: localStamp(start, initial), from: initial, to: initial },
    ...changes.map(({ at, from, to }) => ({ kind: to > from ? 'DAYLIGHT' : 'STANDARD', dtstart: localStamp(at, from), from, to })),
  ];
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  for (const o of observances) {
    lines.push(`BEGIN:${o.kind}`, `DTSTART:${o.dtstart}`, `TZOFFSETFROM:${icalOffset(o.from)}`, `TZOFFSETTO:${icalOffset(o.to)}`, `END:${o.kind}`);
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}
