import type { Medication as MedicationModel } from '../../db/models';
import type { Medication, MedicationSupply } from '../../common/api-types';
import { iso } from '../lib/dates';
import { pillsLeftAt, runsOutAt } from '../services/reminders/supply';

/** The supply as of now, projected in the patient's zone; null when none is kept. */
function presentSupply(medication: MedicationModel, timeZone: string): MedicationSupply | null {
  const pillsLeft = pillsLeftAt(medication, timeZone, new Date());
  if (pillsLeft === null) return null;
  return {
    pillsLeft,
    pillsPerDose: medication.pillsPerDose ?? 1,
    runsOutAt: iso(runsOutAt(medication, timeZone)),
    refillReminderDays: medication.refillReminderDays,
  };
}

/** A medication as its patient (and their doctors) see it; `timeZone` is the patient's, which the schedule is read in. */
export function presentMedication(medication: MedicationModel, timeZone: string): Medication {
  return {
    id: medication.id,
    version: medication.version,
    userId: medication.userId,
    name: medication.name,
    dosage: medication.dosage,
    frequency: medication.frequency,
    reminderTimes: medication.reminderTimes,
    prescribedBy: medication.prescribedBy,
    startDate: iso(medication.startDate)!,
    endDate: iso(medication.endDate),
    instructions: medication.instructions,
    isActive: medication.isActive,
    createdAt: iso(medication.createdAt)!,
    supply: presentSupply(medication, timeZone),
    followUpMinutes: medication.followUpMinutes,
  };
}
