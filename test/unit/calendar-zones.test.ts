import ICAL from 'ical.js';
import { icsCalendar } from '../../server/services/calendar/ics';
import { vtimezone } from '../../server/services/calendar/vtimezone';

/** The UTC instants ical.js reads back from a calendar written in `timeZone`. */
function roundTrip(timeZone: string, instants: string[]): string[] {
  const text = icsCalendar('t', timeZone, instants.map((at, i) => ({ uid: `e${i}`, start: new Date(at), durationMinutes: 30, summary: 'Appointment' })));
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent).startDate.toJSDate().toISOString());
}

describe('calendar time zones', () => {
  it.each([
    // Southern hemisphere: Sydney leaves daylight time on 4 April 2027 and enters it on 3 October 2027.
    ['Australia/Sydney', ['2027-01-15T23:00:00.000Z', '2027-04-03T23:00:00.000Z', '2027-04-05T00:00:00.000Z', '2027-10-04T23:00:00.000Z']],
    // A zone without daylight saving, and one at a half-hour offset.
    ['Asia/Tokyo', ['2027-03-28T01:00:00.000Z']],
    ['Asia/Kolkata', ['2027-07-01T04:30:00.000Z']],
    // The hours just before and after London leaves summer time (the repeated hour itself is ambiguous in
    // any local-time notation; RFC 5545 reads it as its first occurrence).
    ['Europe/London', ['2027-10-30T23:30:00.000Z', '2027-10-31T02:30:00.000Z']],
  ])('%s: every event reads back as the instant it was written from', (zone, instants) => {
    expect(roundTrip(zone, instants)).toEqual(instants);
  });

  it('writes one observance per change, with the offsets on either side', () => {
    const text = vtimezone('America/New_York', 2027, 2027);
    expect(text).toContain('BEGIN:DAYLIGHT\r\nDTSTART:20270314T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\nEND:DAYLIGHT');
    expect(text).toContain('BEGIN:STANDARD\r\nDTSTART:20271107T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\nEND:STANDARD');
    expect(vtimezone('Asia/Tokyo', 2027, 2027).match(/BEGIN:STANDARD/g)).toHaveLength(1);
  });
});
