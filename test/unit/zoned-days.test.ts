import { dayIn, midnightIn, zonedDays } from '../../server/services/calendar/zoned-time';
import { formatDayIn } from '../../web/components/consultations/format';

describe('calendar days kept as their midnight in the patient’s zone', () => {
  it.each([
    ['2026-03-05', 'America/New_York', '2026-03-05T05:00:00.000Z'],
    ['2026-07-05', 'America/New_York', '2026-07-05T04:00:00.000Z'],
    ['2026-03-05', 'Asia/Tokyo', '2026-03-04T15:00:00.000Z'],
    ['2026-03-05', 'Asia/Kolkata', '2026-03-04T18:30:00.000Z'],
    ['2026-03-05', 'UTC', '2026-03-05T00:00:00.000Z'],
    // Chile's clocks skip from 00:00 to 01:00 that day: its first hour.
    ['2026-09-06', 'America/Santiago', '2026-09-06T04:00:00.000Z'],
  ])('%s in %s starts at %s, and reads back as that day there', (day, zone, instant) => {
    expect(midnightIn(day, zone).toISOString()).toBe(instant);
    expect(dayIn(midnightIn(day, zone), zone)).toBe(day);
  });

  it('turns only bare days of the named fields, and leaves a body without them as it is', () => {
    const body = { startDate: '2026-03-05', endDate: '2026-03-12T10:00:00.000Z', note: '2026-03-05' };
    expect(zonedDays(body, ['startDate', 'endDate'], 'America/New_York')).toEqual({ startDate: '2026-03-05T05:00:00.000Z', endDate: '2026-03-12T10:00:00.000Z', note: '2026-03-05' });
    const unchanged = { startDate: '2026-03-05T00:00:00.000Z' };
    expect(zonedDays(unchanged, ['startDate'], 'Asia/Tokyo')).toBe(unchanged);
  });
});

describe("a patient's record days on the doctor's screens", () => {
  it('read as the day the patient entered, in the patient’s zone, wherever the doctor is', () => {
    expect(formatDayIn(midnightIn('2026-03-05', 'Asia/Tokyo').toISOString(), 'Asia/Tokyo')).toBe('Thu, Mar 5, 2026');
    expect(formatDayIn(midnightIn('2026-03-05', 'America/New_York').toISOString(), 'America/New_York')).toBe('Thu, Mar 5, 2026');
  });
});
