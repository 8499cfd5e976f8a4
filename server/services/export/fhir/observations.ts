import type { MedicalReport } from '../../../../db/models';
import { formatResultKey, parseResults, rangePosition, readMeasurement, textOf, type Measurement, type RangePosition } from '../../../../common/records';
import type { CodeableConcept, Observation, Quantity } from './types';
import { derivedId, referenceTo } from './references';
import { day, filled } from './values';

const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const OUTSIDE_RANGE: Record<Exclude<RangePosition, 'within'>, CodeableConcept> = {
  below: { coding: [{ system: INTERPRETATION, code: 'L', display: 'Low' }] },
  above: { coding: [{ system: INTERPRETATION, code: 'H', display: 'High' }] },
};

const quantity = (value: number, unit: string | null): Quantity => ({ value, unit: unit ?? undefined });
const bound = (value: number | undefined, unit: string | null) => (value === undefined ? undefined : quantity(value, unit));

function measured(measurement: Measurement): Pick<Observation, 'valueQuantity' | 'interpretation' | 'referenceRange'> {
  const { value, unit, range, rangeText } = measurement;
  const position = rangePosition(measurement);
  return {
    valueQuantity: quantity(value, unit),
    interpretation: position && position !== 'within' ? [OUTSIDE_RANGE[position]] : undefined,
    referenceRange: range || filled(rangeText) ? [{ low: bound(range?.low, unit), high: bound(range?.high, unit), text: filled(rangeText) }] : undefined,
  };
}

/**
 * One Observation per result of a report, read as every screen reads it (common/records.ts): a number
 * with its unit, reference range and a High or Low flag outside it; anything else as its text. Results
 * that cannot be read give none.
 */
export function observationsOf(report: MedicalReport): Observation[] {
  const parsed = parseResults(report.results);
  if (parsed.kind !== 'fields') return [];
  return parsed.entries.map(([key, raw]) => {
    const measurement = readMeasurement(raw);
    return {
      resourceType: 'Observation',
      id: derivedId(report.id, key),
      status: 'final',
      // A result may be stored under a blank name; FHIR wants some text.
      code: { text: filled(formatResultKey(key)) ?? 'Result' },
      subject: referenceTo(report.userId),
      effectiveDateTime: day(report.reportDate),
      ...(measurement ? measured(measurement) : { valueString: textOf(raw) }),
    };
  });
}
