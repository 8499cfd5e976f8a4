/**
 * How a report's test results are shown (spec section 2): a key-value object or a JSON string holding
 * one; arrays as chips ('None' if empty), nested objects as label/value pairs, plain values as text
 * ('None' if empty); keys split before each capital and capitalised. The compact variant keeps the
 * first 2 fields and counts the rest.
 */
import { formatResultKey, parseResults, rangePosition, readMeasurement, textOf, type RangePosition } from '../../../common/records';

export type ResultValue =
  | { kind: 'text'; text: string }
  | { kind: 'chips'; items: string[] }
  | { kind: 'pairs'; pairs: Array<{ label: string; value: string }> };

export interface ResultField {
  key: string;
  label: string;
  value: ResultValue;
  /** For a measurement with a reference range: where the value falls outside it. */
  outOfRange?: Exclude<RangePosition, 'within'>;
}

export type ResultsView = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'fields'; fields: ResultField[]; moreFields: number };

export const COMPACT_FIELDS = 2;
export { NO_VALUE as NONE, textOf } from '../../../common/records';

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** An array item as a chip: an object's values side by side ('Lisinopril · 10mg'). */
function chipOf(item: unknown): string {
  return isObject(item) ? Object.values(item).map(textOf).join(' · ') : textOf(item);
}

function valueOf(raw: unknown): ResultValue {
  if (Array.isArray(raw)) return { kind: 'chips', items: raw.map(chipOf) };
  if (isObject(raw)) return { kind: 'pairs', pairs: Object.entries(raw).map(([k, v]) => ({ label: formatResultKey(k), value: textOf(v) })) };
  return { kind: 'text', text: textOf(raw) };
}

function fieldOf([key, raw]: [string, unknown]): ResultField {
  const measurement = readMeasurement(raw);
  const position = measurement ? rangePosition(measurement) : null;
  return {
    key,
    label: formatResultKey(key),
    value: valueOf(raw),
    ...(position === 'below' || position === 'above' ? { outOfRange: position } : {}),
  };
}

export function resultsView(results: unknown, compact = false): ResultsView {
  const parsed = parseResults(results);
  if (parsed.kind !== 'fields') return parsed;
  const entries = compact ? parsed.entries.slice(0, COMPACT_FIELDS) : parsed.entries;
  return { kind: 'fields', fields: entries.map(fieldOf), moreFields: parsed.entries.length - entries.length };
}
