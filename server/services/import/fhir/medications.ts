import { MEDICATION_FREQUENCY_LABELS, type MedicationFrequency } from '../../../../common/constants';
import type { BundleIndex } from './entries';
import { fingerprintOf } from './fingerprint';
import { anyCode, conceptText, dayOf, displayOf, listAt, recordAt, textAt } from './read';
import { ALREADY_IMPORTED, notARecord, skip } from './reports';
import type { AnyResource, FileEntry, ImportedMedication, Planned, SkippedResource } from './types';

const BY_ABBREVIATION: Record<string, MedicationFrequency> = { QD: 'once_daily', BID: 'twice_daily', TID: 'three_times_daily', QID: 'four_times_daily', WK: 'weekly', MO: 'monthly' };
const TIMES_A_DAY: Record<number, MedicationFrequency> = { 1: 'once_daily', 2: 'twice_daily', 3: 'three_times_daily', 4: 'four_times_daily' };

/** How often, from the timing's abbreviation or its repeat (so many a day, once a week or a month); as needed when it says so; else once a day. */
function frequencyOf(dosage: Record<string, unknown> | undefined): MedicationFrequency {
  if (dosage?.asNeededBoolean === true || recordAt(dosage?.asNeededCodeableConcept)) return 'as_needed';
  const timing = recordAt(dosage?.timing);
  const byCode = anyCode(timing?.code).map((code) => BY_ABBREVIATION[code.toUpperCase()]).find(Boolean);
  if (byCode) return byCode;
  const repeat = recordAt(timing?.repeat);
  const times = typeof repeat?.frequency === 'number' ? repeat.frequency : 1;
  const period = typeof repeat?.period === 'number' ? repeat.period : 1;
  if (repeat?.periodUnit === 'd' && period === 1 && TIMES_A_DAY[times]) return TIMES_A_DAY[times];
  if (repeat?.periodUnit === 'wk' && period === 1 && times === 1) return 'weekly';
  if (repeat?.periodUnit === 'mo' && period === 1 && times === 1) return 'monthly';
  return 'once_daily';
}

/** The dose in words: the dosage text without the frequency the app keeps apart ('10mg, once daily' is '10mg'), else the dose quantity. */
function doseOf(dosage: Record<string, unknown> | undefined, frequency: MedicationFrequency): string {
  const written = textAt(dosage?.text);
  const suffix = `, ${MEDICATION_FREQUENCY_LABELS[frequency].toLowerCase()}`;
  if (written) return written.toLowerCase().endsWith(suffix) ? written.slice(0, -suffix.length) : written;
  const dose = recordAt(recordAt(listAt(dosage?.doseAndRate)[0])?.doseQuantity);
  if (typeof dose?.value === 'number') return [dose.value, textAt(dose.unit) ?? textAt(dose.code)].filter(Boolean).join(' ');
  return 'Not stated';
}

function nameOf(resource: AnyResource, index: BundleIndex): string | undefined {
  const medication = index.resolve(resource.medicationReference)?.resource;
  return conceptText(resource.medicationCodeableConcept) ?? (medication && conceptText(medication.code)) ?? displayOf(resource.medicationReference);
}

const PRESCRIBED_BY = /^Prescribed by (.+)$/;

function medication(resource: AnyResource, index: BundleIndex): ImportedMedication | string {
  const name = nameOf(resource, index);
  if (!name) return 'It does not say which medication.';
  const isRequest = resource.resourceType === 'MedicationRequest';
  const dosage = recordAt(listAt(isRequest ? resource.dosageInstruction : resource.dosage)[0]);
  const period = recordAt(isRequest ? recordAt(resource.dispenseRequest)?.validityPeriod : resource.effectivePeriod);
  const startDate = dayOf(period?.start) ?? dayOf(resource.effectiveDateTime) ?? dayOf(isRequest ? resource.authoredOn : resource.dateAsserted);
  if (!startDate) return 'It has no start date.';
  const frequency = frequencyOf(dosage);
  const noted = listAt(resource.note).map((note) => PRESCRIBED_BY.exec(textAt(recordAt(note)?.text) ?? '')?.[1]).find(Boolean);
  return {
    name,
    dosage: doseOf(dosage, frequency),
    frequency,
    startDate,
    endDate: dayOf(period?.end) ?? null,
    instructions: textAt(dosage?.patientInstruction) ?? null,
    prescribedBy: (isRequest ? displayOf(resource.requester) : noted) ?? null,
    isActive: !['stopped', 'on-hold', 'not-taken', 'revoked'].includes(String(resource.status)),
  };
}

interface MedicationsPlan {
  medications: Planned<ImportedMedication>[];
  skipped: SkippedResource[];
}

/** Every medication the file gives, from its MedicationStatements and MedicationRequests. */
export function planMedications(index: BundleIndex, isNew: (fingerprint: string) => boolean): MedicationsPlan {
  const plan: MedicationsPlan = { medications: [], skipped: [] };
  const entries: FileEntry[] = [...index.ofType('MedicationStatement'), ...index.ofType('MedicationRequest')];
  for (const entry of entries) {
    const refused = notARecord(entry.resource);
    const record = refused ?? medication(entry.resource, index);
    const fingerprint = fingerprintOf(entry);
    if (typeof record === 'string') plan.skipped.push(skip(entry.resource, record));
    else if (!isNew(fingerprint)) plan.skipped.push(skip(entry.resource, ALREADY_IMPORTED));
    else plan.medications.push({ from: entry.resource.resourceType, fingerprints: [fingerprint], record });
  }
  return plan;
}
