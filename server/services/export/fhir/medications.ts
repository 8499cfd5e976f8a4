import type { Medication } from '../../../../db/models';
import { MEDICATION_FREQUENCY_LABELS } from '../../../../common/constants';
import { medicationState, type MedicationState } from '../../../../common/records';
import type { MedicationStatement } from './types';
import { referenceTo } from './references';
import { day, filled, instant } from './values';

const STATUS: Record<MedicationState, MedicationStatement['status']> = { active: 'active', expired: 'completed', inactive: 'stopped' };

/** A medication as the patient takes (or took) it; its state is read as the screens read it, at `now`. */
export function medicationStatement(medication: Medication, now: number): MedicationStatement {
  const prescriber = filled(medication.prescribedBy);
  return {
    resourceType: 'MedicationStatement',
    id: medication.id,
    status: STATUS[medicationState(medication, now)],
    medicationCodeableConcept: { text: medication.name },
    subject: referenceTo(medication.userId),
    effectivePeriod: { start: day(medication.startDate), end: medication.endDate ? day(medication.endDate) : undefined },
    dateAsserted: instant(medication.createdAt),
    dosage: [{ text: `${medication.dosage}, ${MEDICATION_FREQUENCY_LABELS[medication.frequency].toLowerCase()}`, patientInstruction: filled(medication.instructions) }],
    note: prescriber ? [{ text: `Prescribed by ${prescriber}` }] : undefined,
  };
}
