import type { MedicationFrequency } from '../../../common/constants';
import { wallClock, zonedInstant } from '../calendar/zoned-time';
import { medicationEndsAt } from '../../../common/records';

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
 * (weekly: on the start date's weekday; monthly: on its day of the month), from the start date to the end
 * date's last minute. None for an inactive medication or one taken as needed.
 */
export function nextDoseAfter(schedule: DoseSchedule, timeZone: string, after: Date): Date | null {
  if (!schedule.isActive || schedule.frequency === 'as_needed' || !schedule.reminderTimes.length) return null;
  const start = new Date(schedule.startDate).getTime();
  const end = schedule.endDate ? medicationEndsAt(schedule.endDate) : Infinity;
  const from = Math.max(after.getTime(), start - 1);
  const times = [...schedule.reminderTimes].sort();
  for (let i = 0; i < SEARCH_DAYS; i += 1) {
    const day = wallClock(new Date(from + i * DAY_MS), timeZone);
    if (!takesDoseOn(schedule, day, timeZone)) continue;
    for (const time of times) {
      const due = zonedInstant(day, time, timeZone);
      if (due.getTime() >= end) return null;
      if (due.getTime() > from) return due;
    }
  }
  return null;
}

/** Whether a dose is still due at this instant (the medication may have changed since it was scheduled). */
export function isDoseDue(schedule: DoseSchedule, timeZone: string, at: Date): boolean {
  return nextDoseAfter(schedule, timeZone, new Date(at.getTime() - 1))?.getTime() === at.getTime();
}
