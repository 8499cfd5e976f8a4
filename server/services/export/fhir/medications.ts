import type { Medication } from '../../../../db/models';
import { MEDICATION_FREQUENCY_LABELS, type MedicationFrequency } from '../../../../common/constants';
import { medicationState, type MedicationState } from '../../../../common/records';
import type { Dosage, MedicationStatement, Timing, WithId } from './types';
import { referenceTo } from './references';
import { day, filled, instant } from './values';

const STATUS: Record<MedicationState, MedicationStatement['status']> = { active: 'active', expired: 'completed', inactive: 'stopped' };

const ABBREVIATION = 'http://terminology.hl7.org/CodeSystem/v3-GTSAbbreviation';

/** How often, as FHIR's Timing: so many times a period, with the usual abbreviation. */
function timing(frequency: number, periodUnit: 'd' | 'wk' | 'mo', code: string, display: string): Timing {
  return { repeat: { frequency, period: 1, periodUnit }, code: { coding: [{ system: ABBREVIATION, code, display }] } };
}

/** A medication taken as needed has no schedule: FHIR says so with asNeededBoolean rather than a timing. */
const SCHEDULE: Record<MedicationFrequency, Pick<Dosage, 'timing' | 'asNeededBoolean'>> = {
  once_daily: { timing: timing(1, 'd', 'QD', 'QD') },
  twice_daily: { timing: timing(2, 'd', 'BID', 'BID') },
  three_times_daily: { timing: timing(3, 'd', 'TID', 'TID') },
  four_times_daily: { timing: timing(4, 'd', 'QID', 'QID') },
  weekly: { timing: timing(1, 'wk', 'WK', 'weekly') },
  monthly: { timing: timing(1, 'mo', 'MO', 'monthly') },
  as_needed: { asNeededBoolean: true },
};

/** A medication as the patient takes (or took) it; its state is read as the screens read it, at `now`; its dates are days in `timeZone`. */
export function medicationStatement(medication: Medication, now: number, timeZone: string): WithId<MedicationStatement> {
  const prescriber = filled(medication.prescribedBy);
  return {
    resourceType: 'MedicationStatement',
    id: medication.id,
    status: STATUS[medicationState(medication, now)],
    medicationCodeableConcept: { text: medication.name },
    subject: referenceTo(medication.userId),
    effectivePeriod: { start: day(medication.startDate, timeZone), end: medication.endDate ? day(medication.endDate, timeZone) : undefined },
    dateAsserted: instant(medication.createdAt),
    dosage: [
      {
        text: `${medication.dosage}, ${MEDICATION_FREQUENCY_LABELS[medication.frequency].toLowerCase()}`,
        patientInstruction: filled(medication.instructions),
        ...SCHEDULE[medication.frequency],
      },
    ],
    note: prescriber ? [{ text: `Prescribed by ${prescriber}` }] : undefined,
  };
}
