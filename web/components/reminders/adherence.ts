import type { MedicationDose } from '../../../common/api-types';
import { plural } from '../../../common/plural';

const DAY_MS = 86_400_000;

interface DayAdherence {
  /** Local midnight of the day. */
  day: Date;
  taken: number;
  skipped: number;
  /** Doses asked about that day and not answered. */
  unanswered: number;
}

interface Adherence {
  days: DayAdherence[];
  taken: number;
  skipped: number;
  unanswered: number;
  total: number;
}

const localMidnight = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());

/** One medication's doses over the last `windowDays` local days (today included), day by day. */
export function adherenceOf(doses: MedicationDose[], windowDays: number, now = new Date()): Adherence {
  const today = localMidnight(now).getTime();
  const days: DayAdherence[] = Array.from({ length: windowDays }, (_, i) => ({ day: new Date(today - (windowDays - 1 - i) * DAY_MS), taken: 0, skipped: 0, unanswered: 0 }));
  for (const dose of doses) {
    const index = days.findIndex((d) => d.day.getTime() === localMidnight(new Date(dose.scheduledTime)).getTime());
    if (index < 0) continue;
    const day = days[index]!;
    if (dose.status === 'taken') day.taken += 1;
    else if (dose.status === 'skipped') day.skipped += 1;
    else day.unanswered += 1;
  }
  const sum = (key: 'taken' | 'skipped' | 'unanswered') => days.reduce((total, d) => total + d[key], 0);
  const [taken, skipped, unanswered] = [sum('taken'), sum('skipped'), sum('unanswered')];
  return { days, taken, skipped, unanswered, total: taken + skipped + unanswered };
}

/** The chart's text alternative: what a sighted reader takes from the bars. */
export function adherenceSentence(adherence: Adherence, windowDays: number): string {
  if (!adherence.total) return `No reminders in the last ${windowDays} days.`;
  const percent = Math.round((adherence.taken / adherence.total) * 100);
  return `Taken ${adherence.taken} of ${plural(adherence.total, 'dose')} in the last ${windowDays} days (${percent}%); skipped ${adherence.skipped}, not answered ${adherence.unanswered}.`;
}

/** A medication's doses from the list of all of them. */
export const dosesOfMedication = (doses: MedicationDose[], medicationId: string) => doses.filter((d) => d.medicationId === medicationId);
