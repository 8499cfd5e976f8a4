/**
 * How a report's test results are shown (spec section 2): a key-value object or a JSON string holding
 * one; arrays as chips ('None' if empty), nested objects as label/value pairs, plain values as text
 * ('None' if empty); keys split before each capital and capitalised. A measurement (`{ value, unit?,
 * referenceRange? }`) reads as its value with its unit, its reference range, and where it falls in it.
 * The compact variant keeps the first 2 fields and counts the rest.
 */
import { formatResultKey, parseResults, rangePosition, readableUnit, readMeasurement, textOf, type Measurement, type RangePosition } from '../../../common/records';

export type ResultValue =
  | { kind: 'text'; text: string }
  | { kind: 'measurement'; reading: string; range: string | null; position: RangePosition | null }
  | { kind: 'chips'; items: string[] }
  | { kind: 'pairs'; pairs: Array<{ label: string; value: string }> };

export interface ResultField {
  key: string;
  label: string;
  value: ResultValue;
}

type ResultsView = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'fields'; fields: ResultField[]; moreFields: number };

const COMPACT_FIELDS = 2;
export { NO_VALUE as NONE, textOf } from '../../../common/records';

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** An array item as a chip: an object's values side by side ('Lisinopril · 10mg'). */
function chipOf(item: unknown): string {
  return isObject(item) ? Object.values(item).map(textOf).join(' · ') : textOf(item);
}

/** '13.2 g/dL'; the range with the unit too, when it is a range ('13.5-17.5 g/dL'). */
function measurementOf(measurement: Measurement): ResultValue {
  const withUnit = (text: string) => (measurement.unit ? `${text} ${readableUnit(measurement.unit)}` : text);
  const rangeText = measurement.rangeText?.trim() || null;
  return {
    kind: 'measurement',
    reading: withUnit(String(measurement.value)),
    range: rangeText && measurement.range ? withUnit(rangeText) : rangeText,
    position: rangePosition(measurement),
  };
}

function valueOf(raw: unknown, measurement: Measurement | null): ResultValue {
  if (measurement && isObject(raw)) return measurementOf(measurement);
  if (Array.isArray(raw)) return { kind: 'chips', items: raw.map(chipOf) };
  if (isObject(raw)) return { kind: 'pairs', pairs: Object.entries(raw).map(([k, v]) => ({ label: formatResultKey(k), value: textOf(v) })) };
  return { kind: 'text', text: textOf(raw) };
}

function fieldOf([key, raw]: [string, unknown]): ResultField {
  return { key, label: formatResultKey(key), value: valueOf(raw, readMeasurement(raw)) };
}

export function resultsView(results: unknown, compact = false): ResultsView {
  const parsed = parseResults(results);
  if (parsed.kind !== 'fields') return parsed;
  const entries = compact ? parsed.entries.slice(0, COMPACT_FIELDS) : parsed.entries;
  return { kind: 'fields', fields: entries.map(fieldOf), moreFields: parsed.entries.length - entries.length };
}
