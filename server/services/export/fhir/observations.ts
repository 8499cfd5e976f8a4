import type { MedicalReport } from '../../../../db/models';
import type { ReportType } from '../../../../common/constants';
import { formatResultKey, parseResults, rangePosition, readBoundedMeasurement, readMeasurement, textOf, type Comparator, type Measurement, type RangePosition } from '../../../../common/records';
import { LOINC_SYSTEM, labCodeOf, type LabCode, type ObservationCategory } from '../../../../common/lab-codes';
import { UCUM_SYSTEM, ucumCodeOf } from '../../../../common/ucum-units';
import type { CodeableConcept, Observation, ObservationReferenceRange, Quantity, WithId } from './types';
import { derivedId, referenceTo } from './references';
import { day, filled } from './values';

const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const FLAG: Record<RangePosition, CodeableConcept> = {
  below: { coding: [{ system: INTERPRETATION, code: 'L', display: 'Low' }] },
  within: { coding: [{ system: INTERPRETATION, code: 'N', display: 'Normal' }] },
  above: { coding: [{ system: INTERPRETATION, code: 'H', display: 'High' }] },
};

type Category = ObservationCategory | 'imaging';
const CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/observation-category';
const CATEGORY_DISPLAY: Record<Category, string> = { laboratory: 'Laboratory', 'vital-signs': 'Vital Signs', imaging: 'Imaging' };
/** What a result the app cannot code is, by the report it was read from. */
const CATEGORY_OF_REPORT: Partial<Record<ReportType, Category>> = { blood_work: 'laboratory', heart_rate: 'vital-signs', x_ray: 'imaging', mri: 'imaging' };

const categoryConcept = (category: Category): CodeableConcept[] => [{ coding: [{ system: CATEGORY_SYSTEM, code: category, display: CATEGORY_DISPLAY[category] }] }];

/** The unit as the report writes it, and its UCUM code when the app knows it ('bpm' is '/min'). */
function quantity(value: number, unit: string | null, comparator?: Comparator): Quantity {
  const code = ucumCodeOf(unit);
  return { value, comparator, unit: unit ?? undefined, system: code && UCUM_SYSTEM, code };
}

function referenceRange({ range, rangeText, unit }: Measurement): ObservationReferenceRange[] | undefined {
  if (!range && !filled(rangeText)) return undefined;
  const bound = (value: number | undefined) => (value === undefined ? undefined : quantity(value, unit));
  return [{ low: bound(range?.low), high: bound(range?.high), text: filled(rangeText) }];
}

/** A number, flagged Low, Normal or High against its range; a bound ('<0.5') is not flagged: the lab's own flag is not kept. */
function measured(measurement: Measurement, comparator?: Comparator): Pick<Observation, 'valueQuantity' | 'interpretation' | 'referenceRange'> {
  const position = comparator ? null : rangePosition(measurement);
  return {
    valueQuantity: quantity(measurement.value, measurement.unit, comparator),
    interpretation: position ? [FLAG[position]] : undefined,
    referenceRange: referenceRange(measurement),
  };
}

function valueOf(raw: unknown): Pick<Observation, 'valueQuantity' | 'valueString' | 'interpretation' | 'referenceRange'> & { unit: string | null } {
  const measurement = readMeasurement(raw);
  if (measurement) return { ...measured(measurement), unit: measurement.unit };
  const bounded = readBoundedMeasurement(raw);
  if (bounded) return { ...measured(bounded, bounded.comparator), unit: bounded.unit };
  return { valueString: textOf(raw), unit: null };
}

function codeOf(key: string, labCode: LabCode | undefined): CodeableConcept {
  return {
    coding: labCode ? [{ system: LOINC_SYSTEM, code: labCode.loinc, display: labCode.display }] : undefined,
    // A result may be stored under a blank name; FHIR wants some text.
    text: filled(formatResultKey(key)) ?? 'Result',
  };
}

/**
 * One Observation per result of a report, read as every screen reads it (common/records.ts): a number
 * or a bound ('<0.5') with its unit in UCUM, its reference range and a Low, Normal or High flag; anything
 * else as its text. A result the app knows by name and unit carries its LOINC code and category.
 * Results that cannot be read give none.
 */
export function observationsOf(report: MedicalReport, timeZone: string): WithId<Observation>[] {
  const parsed = parseResults(report.results);
  if (parsed.kind !== 'fields') return [];
  return parsed.entries.map(([key, raw]) => {
    const { unit, ...value } = valueOf(raw);
    const labCode = value.valueQuantity ? labCodeOf(key, unit) : undefined;
    const category = labCode?.category ?? CATEGORY_OF_REPORT[report.type];
    return {
      resourceType: 'Observation',
      id: derivedId(report.id, key),
      status: 'final',
      category: category && categoryConcept(category),
      code: codeOf(key, labCode),
      subject: referenceTo(report.userId),
      effectiveDateTime: day(report.reportDate, timeZone),
      ...value,
    };
  });
}
