/**
 * Reminder times a medication's frequency suggests, and the next time 'Add time' offers
 * (docs/decisions.md). Pure TypeScript: no Node or DOM imports.
 */
import type { MedicationFrequency } from './constants';

export const FREQUENCY_REMINDER_TIMES: Partial<Record<MedicationFrequency, readonly string[]>> = {
  once_daily: ['08:00'],
  twice_daily: ['08:00', '20:00'],
  three_times_daily: ['08:00', '14:00', '20:00'],
  four_times_daily: ['08:00', '12:00', '16:00', '20:00'],
};

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;
/** Usual times first, then every other hour of the day. */
const CANDIDATES = [...new Set(['08:00', '20:00', '14:00', '12:00', '16:00', ...Array.from({ length: 24 }, (_, h) => hour(h))])];

/** The first usual time not already in the list (a list holding every hour gets '00:30'). */
export function nextReminderTime(existing: readonly string[]): string {
  return CANDIDATES.find((time) => !existing.includes(time)) ?? '00:30';
}
