import { MAX_SUPPLY_PILLS } from '../../../common/reminders';
import { nextDoseAfter, type DoseSchedule } from './occurrences';

/** A medication's schedule with the supply Premium's refill reminders keep. */
export interface KeptSupply extends DoseSchedule {
  supplyCount: number | null;
  supplyCountedAt: Date | string | null;
  pillsPerDose: number | null;
  refillReminderDays: number | null;
}

const DAY_MS = 86_400_000;
/** Doses projected at most: as many as the pills a patient can enter, at one a dose. */
const MAX_PROJECTED_DOSES = MAX_SUPPLY_PILLS;
/**
 * A refill reminder whose time has already come when the pills are counted (a few left) comes this long
 * after the count: its time must be a fixed instant after the write, so every process agrees on it.
 */
export const REFILL_SOON_DELAY_MS = 30_000;

const countedAt = (supply: KeptSupply): Date | null => (supply.supplyCount === null || !supply.supplyCountedAt ? null : new Date(supply.supplyCountedAt));

/** The doses due after `from`, up to and including `to`, as the schedule has them. */
function dosesBetween(schedule: DoseSchedule, timeZone: string, from: Date, to: Date): number {
  let count = 0;
  for (let at = nextDoseAfter(schedule, timeZone, from); at && at <= to && count < MAX_PROJECTED_DOSES; at = nextDoseAfter(schedule, timeZone, at)) count += 1;
  return count;
}

/** The pills left at an instant, when every dose since the count was taken; null when no supply is kept. */
export function pillsLeftAt(supply: KeptSupply, timeZone: string, at: Date): number | null {
  const since = countedAt(supply);
  if (!since) return null;
  return Math.max(0, supply.supplyCount! - dosesBetween(supply, timeZone, since, at) * (supply.pillsPerDose ?? 1));
}

/** The first dose the counted pills no longer cover; null without a supply or a dose to run out at (as needed, ended, inactive). */
export function runsOutAt(supply: KeptSupply, timeZone: string): Date | null {
  const since = countedAt(supply);
  if (!since) return null;
  const covered = Math.floor(supply.supplyCount! / (supply.pillsPerDose ?? 1));
  if (covered > MAX_PROJECTED_DOSES) return null;
  let dose: Date | null = since;
  for (let i = 0; dose && i <= covered; i += 1) dose = nextDoseAfter(supply, timeZone, dose);
  return dose;
}

/** When the refill reminder is due: the chosen days before running out, or just after the count when that is already past. */
export function refillReminderAt(supply: KeptSupply, timeZone: string): Date | null {
  const since = countedAt(supply);
  const runOut = supply.refillReminderDays ? runsOutAt(supply, timeZone) : null;
  if (!since || !runOut) return null;
  return new Date(Math.max(runOut.getTime() - supply.refillReminderDays! * DAY_MS, since.getTime() + REFILL_SOON_DELAY_MS));
}
