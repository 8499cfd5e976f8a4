import { MedicationReminder } from '../../../db/models';
import type { ReminderRule } from './kinds';
import { medicationOfOwner } from './medication-owner';
import { isDoseDue, nextDoseAfter } from './occurrences';
import { refillReminderAt, runsOutAt } from './supply';
import { localDay, localTime } from './wording';

/**
 * Premium's smart reminders. Both are asked of the database when due, like every reminder: a patient who
 * left Premium, refilled, or marked the dose in the meantime is reminded of nothing.
 */

/** A refill reminder, the chosen days before the counted pills run out by the schedule. */
export const refill: ReminderRule = {
  async upcoming(id, after) {
    const found = await medicationOfOwner(id);
    const at = found?.premium ? refillReminderAt(found.med, found.timeZone) : null;
    return at && at > after ? [at] : [];
  },
  async delivery(id, dueAt) {
    const found = await medicationOfOwner(id);
    if (!found?.premium || refillReminderAt(found.med, found.timeZone)?.getTime() !== dueAt.getTime()) return null;
    const { med, timeZone } = found;
    return {
      userId: med.userId,
      type: 'refill_reminder',
      subjectId: med.id,
      scheduledFor: dueAt,
      title: 'Refill reminder',
      message: `${med.name} (${med.dosage}) runs out on ${localDay(runsOutAt(med, timeZone)!, timeZone)}. Time to refill your prescription.`,
      url: '/medications',
    };
  },
};

const MINUTE_MS = 60_000;

/** A dose still neither taken nor skipped the chosen minutes after its time is reminded once more (push and bell). */
export const doseFollowUp: ReminderRule = {
  async upcoming(id, after) {
    const found = await medicationOfOwner(id);
    const delay = found?.premium && found.med.followUpMinutes ? found.med.followUpMinutes * MINUTE_MS : 0;
    const dose = delay ? nextDoseAfter(found!.med, found!.timeZone, new Date(after.getTime() - delay)) : null;
    return dose ? [new Date(dose.getTime() + delay)] : [];
  },
  async delivery(id, dueAt) {
    const found = await medicationOfOwner(id);
    if (!found?.premium || !found.med.followUpMinutes) return null;
    const { med, timeZone } = found;
    const doseAt = new Date(dueAt.getTime() - med.followUpMinutes! * MINUTE_MS);
    if (!isDoseDue(med, timeZone, doseAt)) return null;
    const unanswered = await MedicationReminder.query().where({ medicationId: med.id, scheduledTime: doseAt, isSkipped: false }).whereNull('takenTime').first();
    if (!unanswered) return null;
    return {
      userId: med.userId,
      type: 'dose_follow_up',
      subjectId: med.id,
      scheduledFor: dueAt,
      title: 'Dose not marked taken',
      message: `Did you take ${med.name} (${med.dosage}), due ${localTime(doseAt, timeZone)}? Mark it taken or skipped.`,
      url: '/medications',
      dose: { medicationId: med.id, scheduledTime: doseAt },
    };
  },
};
