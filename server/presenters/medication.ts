import type { Medication as MedicationModel } from '../../db/models';
import type { Medication } from '../../common/api-types';
import { iso } from '../lib/dates';

export function presentMedication(medication: MedicationModel): Medication {
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
  };
}
