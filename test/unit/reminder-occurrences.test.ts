import { isDoseDue, nextDoseAfter, type DoseSchedule } from '../../server/services/reminders/occurrences';
import { zonedInstant } from '../../server/services/calendar/zoned-time';
import { adherenceOf, adherenceSentence } from '../../web/components/reminders/adherence';
import type { MedicationDose } from '../../common/api-types';

const daily = (overrides: Partial<DoseSchedule> = {}): DoseSchedule => ({
  frequency: 'twice_daily',
  reminderTimes: ['20:00', '08:00'],
  startDate: '2026-01-01T00:00:00Z',
  endDate: null,
  isActive: true,
  ...overrides,
});

describe('dose times in the patient\'s zone', () => {
  it('reads reminder times as wall-clock times of the zone', () => {
    expect(nextDoseAfter(daily(), 'Asia/Kolkata', new Date('2026-06-10T03:00:00Z'))?.toISOString()).toBe('2026-06-10T14:30:00.000Z');
    expect(nextDoseAfter(daily(), 'America/New_York', new Date('2026-06-10T03:00:00Z'))?.toISOString()).toBe('2026-06-10T12:00:00.000Z');
    expect(nextDoseAfter(daily(), 'UTC', new Date('2026-06-10T20:00:00Z'))?.toISOString()).toBe('2026-06-11T08:00:00.000Z');
  });

  it('keeps 08:00 at 08:00 across daylight-saving changes, and moves a skipped spring time on by the hour', () => {
    // London leaves GMT on 29 March 2026 (01:00 -> 02:00) and returns on 25 October.
    expect(nextDoseAfter(daily(), 'Europe/London', new Date('2026-03-28T21:00:00Z'))?.toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(nextDoseAfter(daily(), 'Europe/London', new Date('2026-10-24T21:00:00Z'))?.toISOString()).toBe('2026-10-25T08:00:00.000Z');
    expect(zonedInstant({ year: 2026, month: 3, day: 29 }, '01:30', 'Europe/London').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedInstant({ year: 2026, month: 10, day: 25 }, '01:30', 'Europe/London').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('has no dose before the start, after the end, when inactive or as needed; weekly on the start weekday, monthly on its day', () => {
    expect(nextDoseAfter(daily({ startDate: '2026-07-01T00:00:00Z' }), 'UTC', new Date('2026-06-10T00:00:00Z'))?.toISOString()).toBe('2026-07-01T08:00:00.000Z');
    // The end date is a day taken in full: its evening dose is still due, the next morning's is not.
    expect(nextDoseAfter(daily({ endDate: '2026-06-10T00:00:00Z' }), 'UTC', new Date('2026-06-10T09:00:00Z'))?.toISOString()).toBe('2026-06-10T20:00:00.000Z');
    expect(nextDoseAfter(daily({ endDate: '2026-06-10T00:00:00Z' }), 'UTC', new Date('2026-06-10T20:00:00Z'))).toBeNull();
    expect(nextDoseAfter(daily({ isActive: false }), 'UTC', new Date('2026-06-10T00:00:00Z'))).toBeNull();
    expect(nextDoseAfter(daily({ frequency: 'as_needed' }), 'UTC', new Date('2026-06-10T00:00:00Z'))).toBeNull();
    // 1 January 2026 was a Thursday: the next Thursday after Tuesday 9 June is the 11th.
    expect(nextDoseAfter(daily({ frequency: 'weekly', reminderTimes: ['09:00'] }), 'UTC', new Date('2026-06-09T00:00:00Z'))?.toISOString()).toBe('2026-06-11T09:00:00.000Z');
    expect(nextDoseAfter(daily({ frequency: 'monthly', reminderTimes: ['09:00'] }), 'UTC', new Date('2026-06-09T00:00:00Z'))?.toISOString()).toBe('2026-07-01T09:00:00.000Z');
  });

  it('knows a dose scheduled before an edit is no longer due', () => {
    const at = new Date('2026-06-10T08:00:00Z');
    expect(isDoseDue(daily(), 'UTC', at)).toBe(true);
    expect(isDoseDue(daily({ reminderTimes: ['09:00'] }), 'UTC', at)).toBe(false);
    expect(isDoseDue(daily(), 'Europe/Paris', at)).toBe(false);
  });
});

describe('adherence', () => {
  const dose = (daysAgo: number, status: MedicationDose['status']): MedicationDose => ({
    id: `${daysAgo}-${status}`,
    medicationId: 'm',
    medicationName: 'Lisinopril',
    dosage: '10mg',
    scheduledTime: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
    takenTime: status === 'taken' ? new Date().toISOString() : null,
    isSkipped: status === 'skipped',
    status,
    notes: null,
  });

  it('counts each day of the window and says it in words', () => {
    const adherence = adherenceOf([dose(0, 'taken'), dose(1, 'skipped'), dose(1, 'taken'), dose(3, 'pending'), dose(10, 'taken')], 7);
    expect(adherence.days).toHaveLength(7);
    expect(adherence.days[6]).toEqual(expect.objectContaining({ taken: 1, skipped: 0, unanswered: 0 }));
    expect(adherenceSentence(adherence, 7)).toBe('Taken 2 of 4 doses in the last 7 days (50%); skipped 1, not answered 1.');
    expect(adherenceSentence({ days: [], taken: 1, skipped: 0, unanswered: 0, total: 1 }, 7)).toBe('Taken 1 of 1 dose in the last 7 days (100%); skipped 0, not answered 0.');
    expect(adherenceSentence(adherenceOf([], 30), 30)).toBe('No reminders in the last 30 days.');
  });
});
