import type { Medication } from '../../../db/models';
import { SMART_REMINDER_FIELDS, type MedicationUpdateInput } from '../../../common/schemas/medication';
import { ValidationFailed } from '../../errors';
import { requirePremium } from '../plan';
import { pillsLeftAt } from './supply';

const SMART_REMINDERS_REQUIRE_PREMIUM = 'Smart reminders are part of Premium. Upgrade to Premium to get refill reminders and follow-up reminders for doses.';
const REFILL_NEEDS_SUPPLY = 'Enter the pills left to get a refill reminder';

type SmartField = (typeof SMART_REMINDER_FIELDS)[number];
type SmartInput = Partial<Record<SmartField, number | null>>;
/** The stored columns smart reminders keep. */
type SupplyColumns = Partial<Pick<Medication, 'supplyCount' | 'supplyCountedAt' | 'pillsPerDose' | 'refillReminderDays' | 'followUpMinutes'>>;

/** The changes that move the schedule the pills are taken by: the supply is counted again at the change. */
const SCHEDULE_FIELDS = ['frequency', 'reminderTimes', 'startDate', 'endDate', 'isActive', 'pillsPerDose'] as const;

/** The request without its smart reminder fields: the columns they become are worked out by `supplyColumns`. */
export function withoutSmartFields<T extends SmartInput>(body: T): Omit<T, SmartField> {
  const smart: readonly string[] = SMART_REMINDER_FIELDS;
  return Object.fromEntries(Object.entries(body).filter(([field]) => !smart.includes(field))) as Omit<T, SmartField>;
}

/** Refuses (402) a free plan's request that sets a smart reminder; clearing one (null) is allowed on every plan. */
export async function requirePremiumForSmartReminders(userId: string, body: SmartInput): Promise<void> {
  if (SMART_REMINDER_FIELDS.some((field) => body[field] != null)) await requirePremium(userId, SMART_REMINDERS_REQUIRE_PREMIUM);
}

/**
 * The smart reminder columns a create (`stored` undefined) or change writes. Pills entered are counted now;
 * a change of schedule counts what is left by the old one first, so the projection stays true.
 */
export function supplyColumns(body: SmartInput & Pick<MedicationUpdateInput, (typeof SCHEDULE_FIELDS)[number]>, stored: Medication | undefined, timeZone: string, now: Date): SupplyColumns {
  const columns: SupplyColumns = {};
  if (body.pillsPerDose !== undefined) columns.pillsPerDose = body.pillsPerDose;
  if (body.followUpMinutes !== undefined) columns.followUpMinutes = body.followUpMinutes;
  if (body.pillsLeft === null) Object.assign(columns, { supplyCount: null, supplyCountedAt: null, refillReminderDays: null });
  else if (body.pillsLeft !== undefined) Object.assign(columns, { supplyCount: body.pillsLeft, supplyCountedAt: now });
  else if (stored?.supplyCount != null && SCHEDULE_FIELDS.some((field) => body[field] !== undefined)) {
    Object.assign(columns, { supplyCount: pillsLeftAt(stored, timeZone, now), supplyCountedAt: now });
  }
  if (body.refillReminderDays !== undefined) columns.refillReminderDays = body.refillReminderDays;
  const counting = columns.supplyCount !== undefined ? columns.supplyCount !== null : stored?.supplyCount != null;
  if (counting && columns.pillsPerDose === null) columns.pillsPerDose = 1;
  if (counting && columns.pillsPerDose === undefined && stored?.pillsPerDose == null) columns.pillsPerDose = 1;
  const refillDays = columns.refillReminderDays !== undefined ? columns.refillReminderDays : stored?.refillReminderDays;
  if (refillDays != null && !counting) throw new ValidationFailed(REFILL_NEEDS_SUPPLY, { pillsLeft: REFILL_NEEDS_SUPPLY });
  return columns;
}
