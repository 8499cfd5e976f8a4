import type { MedicationReminder } from '../../db/models';
import type { MedicationDose } from '../../common/api-types';
import { doseStatus } from '../../common/reminders';
import { iso } from '../lib/dates';

/** A dose with its medication (loaded as `medication`), as the adherence log shows it. */
export function presentMedicationDose(dose: MedicationReminder): MedicationDose {
  return {
    id: dose.id,
    medicationId: dose.medicationId,
    medicationName: dose.medication?.name ?? '',
    dosage: dose.medication?.dosage ?? '',
    scheduledTime: iso(dose.scheduledTime)!,
    takenTime: iso(dose.takenTime),
    isSkipped: dose.isSkipped,
    status: doseStatus(dose),
    notes: dose.notes,
  };
}
