import { labCodeByLoinc, LOINC_SYSTEM } from '../../../../common/lab-codes';
import { appUnitOf, UCUM_SYSTEM } from '../../../../common/ucum-units';
import { codesIn, conceptText, listAt, recordAt, textAt } from './read';
import type { AnyResource, ResultValue } from './types';

/** A result as the scanner stores it: its key, and a number, a bound ('<0.5'), or text, with its unit and range. */
type Result = { key: string; value: ResultValue } | { skip: string };

/** The name the app gives a test it knows by LOINC (so it is charted with the same test read from a scan), else the file's words. */
function keyOf(code: unknown): string | undefined {
  const known = codesIn(code, LOINC_SYSTEM).map(labCodeByLoinc).find(Boolean);
  return known?.key ?? conceptText(code);
}

/** The unit as people read it (the app keeps units as written): the Quantity's own words, else its UCUM code spelled the app's way. */
function unitOf(quantity: Record<string, unknown>): string | undefined {
  const code = textAt(quantity.code);
  return textAt(quantity.unit) ?? (quantity.system === UCUM_SYSTEM && code ? appUnitOf(code) : code);
}

const numberAt = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** A reference range as the scanner writes it: its text, else '13.5-17.5', '<200' or '>40' from its bounds. */
function rangeText(ranges: unknown): string | undefined {
  const range = recordAt(listAt(ranges)[0]);
  if (!range) return undefined;
  const low = numberAt(recordAt(range.low)?.value);
  const high = numberAt(recordAt(range.high)?.value);
  if (textAt(range.text)) return textAt(range.text);
  if (low !== undefined && high !== undefined) return `${low}-${high}`;
  if (high !== undefined) return `<${high}`;
  return low !== undefined ? `>${low}` : undefined;
}

/** A measured value with what goes with it; a bare number when nothing does, as a scan stores one. */
function measured(value: number | string, unit: string | undefined, range: string | undefined): ResultValue {
  if (unit === undefined && range === undefined) return value;
  return { value, ...(unit === undefined ? {} : { unit }), ...(range === undefined ? {} : { referenceRange: range }) };
}

function valueOf(holder: Record<string, unknown>, ranges: unknown): ResultValue | undefined {
  const quantity = recordAt(holder.valueQuantity);
  const amount = quantity && numberAt(quantity.value);
  if (quantity && amount !== undefined) {
    const comparator = textAt(quantity.comparator);
    return measured(comparator ? `${comparator}${amount}` : amount, unitOf(quantity), rangeText(ranges));
  }
  const plain = numberAt(holder.valueInteger) ?? numberAt(holder.valueDecimal);
  if (plain !== undefined) return measured(plain, undefined, rangeText(ranges));
  if (typeof holder.valueBoolean === 'boolean') return holder.valueBoolean ? 'Yes' : 'No';
  return textAt(holder.valueString) ?? conceptText(holder.valueCodeableConcept);
}

/**
 * An Observation's results: its own value, or each of its components' (a blood pressure's systolic and
 * diastolic), each by its name.
 */
export function resultsOf(observation: AnyResource): Result[] {
  const name = keyOf(observation.code);
  if (!name) return [{ skip: 'It does not say what was measured (no code or text).' }];
  const own = valueOf(observation, observation.referenceRange);
  if (own !== undefined) return [{ key: name, value: own }];
  const components = listAt(observation.component)
    .map(recordAt)
    .flatMap((component) => {
      const key = component && keyOf(component.code);
      const value = component && valueOf(component, component.referenceRange);
      return key && value !== undefined ? [{ key, value }] : [];
    });
  if (components.length) return components;
  const absent = conceptText(observation.dataAbsentReason);
  return [{ skip: absent ? `It has no value (${absent}).` : 'It has no value.' }];
}

/** Two results of one name in a report (two readings a day) are kept both: the later ones numbered. */
export function addResult(results: Record<string, ResultValue>, key: string, value: ResultValue): void {
  let name = key;
  for (let n = 2; name in results; n++) name = `${key} (${n})`;
  results[name] = value;
}
