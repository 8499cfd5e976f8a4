import type { MedicationFrequency } from '../../../common/constants';
import { wallClock } from '../calendar/zoned-time';

/** The parts of a medication that decide when its doses are due. */
export interface DoseSchedule {
  frequency: MedicationFrequency;
  reminderTimes: string[];
  startDate: Date | string;
  endDate: Date | string | null;
  isActive: boolean;
}

const DAY_MS = 86_400_000;
/** Far enough ahead to reach a monthly medication's next day (a 31st is found within two months). */
const SEARCH_DAYS = 62;

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

function takesDoseOn(schedule: DoseSchedule, day: { year: number; month: number; day: number }, timeZone: string): boolean {
  const start = wallClock(new Date(schedule.startDate), timeZone);
  if (schedule.frequency === 'weekly') {
    return new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay() === new Date(Date.UTC(start.year, start.month - 1, start.day)).getUTCDay();
  }
  if (schedule.frequency === 'monthly') return day.day === start.day;
  return true;
}

/**
 * The first dose strictly after `after`, read in the patient's zone: every day at each reminder time
 * (weekly: on the start date's weekday; monthly: on its day of the month), within the start and end
 * dates. None for an inactive medication or one taken as needed.
 */
export function nextDoseAfter(schedule: DoseSchedule, timeZone: string, after: Date): Date | null {
  if (!schedule.isActive || schedule.frequency === 'as_needed' || !schedule.reminderTimes.length) return null;
  const start = new Date(schedule.startDate).getTime();
  const end = schedule.endDate ? new Date(schedule.endDate).getTime() : Infinity;
  const from = Math.max(after.getTime(), start - 1);
  const times = [...schedule.reminderTimes].sort();
  for (let i = 0; i < SEARCH_DAYS; i += 1) {
    const day = wallClock(new Date(from + i * DAY_MS), timeZone);
    if (!takesDoseOn(schedule, day, timeZone)) continue;
    for (const time of times) {
      const due = zonedInstant(day, time, timeZone);
      if (due.getTime() > end) return null;
      if (due.getTime() > from) return due;
    }
  }
  return null;
}

/** Whether a dose is still due at this instant (the medication may have changed since it was scheduled). */
export function isDoseDue(schedule: DoseSchedule, timeZone: string, at: Date): boolean {
  return nextDoseAfter(schedule, timeZone, new Date(at.getTime() - 1))?.getTime() === at.getTime();
}
