/**
 * Rules about records that the screens and the server's summary engine must agree on: when a
 * medication counts as active, which appointments are upcoming or past, and how test results are read.
 * Pure TypeScript: no Node or DOM imports.
 */
import type { AppointmentStatus } from './constants';
import { appointmentMachine } from './appointment-status';

type DateLike = Date | string;

const time = (value: DateLike): number => (value instanceof Date ? value.getTime() : Date.parse(value));

// ---------------------------------------------------------------------------
// Medications
// ---------------------------------------------------------------------------

export type MedicationState = 'active' | 'expired' | 'inactive';

const DAY_MS = 86_400_000;

/**
 * When a medication with an end date stops: its end date is a day (kept as its midnight, docs/integrations.md
 * 'Calendar days'), taken in full, so it stops a day after that midnight (an hour either way on a
 * daylight-saving day).
 */
export const medicationEndsAt = (endDate: DateLike): number => time(endDate) + DAY_MS;

/** Spec section 2: 'Inactive' if not active; 'Expired' if active but the end date has passed (the whole day); else 'Active'. */
export function medicationState(medication: { isActive: boolean; endDate: DateLike | null }, now: number = Date.now()): MedicationState {
  if (!medication.isActive) return 'inactive';
  if (medication.endDate !== null && medicationEndsAt(medication.endDate) <= now) return 'expired';
  return 'active';
}

// ---------------------------------------------------------------------------
// Appointments (spec section 4)
// ---------------------------------------------------------------------------

export interface AppointmentLike {
  status: AppointmentStatus;
  appointmentDate: DateLike;
}

/** Still open (scheduled or confirmed), with a date not in the past. */
export function isUpcomingAppointment(appointment: AppointmentLike, now: number = Date.now()): boolean {
  return !appointmentMachine.isFinal(appointment.status) && time(appointment.appointmentDate) >= now;
}

/** Completed, or dated in the past; cancelled ones are counted separately. */
export function isPastAppointment(appointment: AppointmentLike, now: number = Date.now()): boolean {
  if (appointment.status === 'cancelled') return false;
  return appointment.status === 'completed' || time(appointment.appointmentDate) < now;
}

/** The badge of a past visit that is neither completed nor cancelled (its practice never said which). */
export const PAST_APPOINTMENT_LABEL = 'Past';

// ---------------------------------------------------------------------------
// Test results
// ---------------------------------------------------------------------------

type ParsedResults =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'fields'; entries: Array<[string, unknown]> };

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Results are a key-value object or a JSON string holding one. Nothing (or an empty object) is 'empty'. */
export function parseResults(results: unknown): ParsedResults {
  let value = results;
  if (typeof value === 'string') {
    if (value.trim() === '') return { kind: 'empty' };
    try {
      value = JSON.parse(value);
    } catch {
      return { kind: 'invalid' };
    }
  }
  if (value === null || value === undefined) return { kind: 'empty' };
  if (!isRecord(value)) return { kind: 'invalid' };
  const entries = Object.entries(value);
  return entries.length ? { kind: 'fields', entries } : { kind: 'empty' };
}

/** What an empty result value reads as. */
export const NO_VALUE = 'None';

/** A machine code such as 'once_daily' or 'follow_up', read as words: 'Once daily'. */
const SNAKE_CODE = /^[a-z]+(?:_[a-z0-9]+)+$/;

/** Any result value as one line of text: lists joined, nested objects as 'Label: value' pairs, yes/no for booleans, codes as words, nothing as 'None'. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return NO_VALUE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') {
    if (value.trim() === '') return NO_VALUE;
    return SNAKE_CODE.test(value) ? sentenceOf(value.replace(/_/g, ' ')) : value;
  }
  if (Array.isArray(value)) return value.length ? value.map(textOf).join(', ') : NO_VALUE;
  if (isRecord(value)) {
    const entries = Object.entries(value);
    return entries.length ? entries.map(([k, v]) => `${formatResultKey(k)}: ${textOf(v)}`).join(', ') : NO_VALUE;
  }
  return String(value);
}

/** Lab names whose usual spelling no rule gives. */
const KNOWN_LABELS: Record<string, string> = {
  hba1c: 'HbA1c',
  ldl: 'LDL',
  hdl: 'HDL',
  tsh: 'TSH',
  bmi: 'BMI',
  egfr: 'eGFR',
  spo2: 'SpO2',
  wbc: 'WBC',
  rbc: 'RBC',
  alt: 'ALT',
  ast: 'AST',
  psa: 'PSA',
  crp: 'CRP',
  bun: 'BUN',
  inr: 'INR',
};

const sentenceOf = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A key as words (spec: split before each capital, capitalised), numbers and snake_case parts set apart too:
 * 'whiteBloodCells' -> 'White Blood Cells', 'episodesAbove100AtRest' -> 'Episodes Above 100 At Rest',
 * 'resting_heart_rate' -> 'Resting Heart Rate'. Acronyms and short codes stay whole ('LDLCholesterol' ->
 * 'LDL Cholesterol', 'ldlCholesterol' too, 'vitaminB12' -> 'Vitamin B12', 'hba1c' -> 'HbA1c').
 */
export function formatResultKey(key: string): string {
  const spaced = key
    .replace(/_+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-z])(\d{2,})/g, '$1 $2')
    .replace(/(\d)([A-Z])/g, '$1 $2')
    .replace(/\s+/g, ' ')
    .trim();
  return spaced
    .split(' ')
    .map((word) => KNOWN_LABELS[word.toLowerCase()] ?? word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * A result's name as the key it is stored under (formatResultKey reads it back): 'White Blood Cells (WBC)'
 * -> 'whiteBloodCells'; 'HbA1c' -> 'hbA1c'; 'LDL Cholesterol' -> 'ldlCholesterol'.
 */
export function resultKey(name: string): string {
  const words = name.replace(/\(.*?\)/g, ' ').split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words
    .map((word, index) => {
      const upper = word === word.toUpperCase();
      if (index === 0) return upper ? word.toLowerCase() : word.charAt(0).toLowerCase() + word.slice(1);
      return word.charAt(0).toUpperCase() + (upper ? word.slice(1).toLowerCase() : word.slice(1));
    })
    .join('');
}

export interface ReferenceRange {
  low?: number;
  high?: number;
}

const NUMBER = String.raw`(-?\d+(?:\.\d+)?)`;

/** '13.5-17.5', '13.5 - 17.5', '<200', '<= 5', '>40': anything else is not a range. */
export function parseReferenceRange(text: unknown): ReferenceRange | null {
  if (typeof text !== 'string') return null;
  const value = text.trim();
  const between = new RegExp(`^${NUMBER}\\s*(?:-|–|to)\\s*${NUMBER}$`).exec(value);
  if (between) {
    const low = Number(between[1]);
    const high = Number(between[2]);
    return low <= high ? { low, high } : null;
  }
  const upper = new RegExp(`^<=?\\s*${NUMBER}$`).exec(value);
  if (upper) return { high: Number(upper[1]) };
  const lower = new RegExp(`^>=?\\s*${NUMBER}$`).exec(value);
  if (lower) return { low: Number(lower[1]) };
  return null;
}

/** A numeric result: a bare number, or `{ value, unit?, referenceRange? }` with a numeric value. */
export interface Measurement {
  value: number;
  unit: string | null;
  range: ReferenceRange | null;
  rangeText: string | null;
}

const SUPERSCRIPTS: Record<string, string> = { '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹' };

/** A unit as people write it: '10^3/uL' -> '10³/µL', 'ug/dL' -> 'µg/dL'. */
export function readableUnit(unit: string): string {
  return unit.replace(/\^(\d+)/g, (_, digits: string) => [...digits].map((d) => SUPERSCRIPTS[d]).join('')).replace(/(^|[^A-Za-z])u(?=[gLlmM])/g, '$1µ');
}

export function readMeasurement(raw: unknown): Measurement | null {
  if (typeof raw === 'number' && Number.isFinite(raw)) return { value: raw, unit: null, range: null, rangeText: null };
  if (!isRecord(raw)) return null;
  const value = typeof raw.value === 'number' ? raw.value : typeof raw.value === 'string' && raw.value.trim() !== '' ? Number(raw.value) : Number.NaN;
  if (!Number.isFinite(value)) return null;
  return { value, ...unitAndRange(raw) };
}

function unitAndRange(raw: Record<string, unknown>): Omit<Measurement, 'value'> {
  const rangeText = typeof raw.referenceRange === 'string' ? raw.referenceRange : null;
  return { unit: typeof raw.unit === 'string' && raw.unit.trim() ? raw.unit.trim() : null, range: parseReferenceRange(rangeText), rangeText };
}

export type Comparator = '<' | '<=' | '>=' | '>';

/** A result a lab reports as a bound ('<0.5': less than it can measure), not as a number. */
interface BoundedMeasurement extends Measurement {
  comparator: Comparator;
}

const BOUND = new RegExp(`^(<=?|>=?|≤|≥)\\s*${NUMBER}$`);
const COMPARATOR_OF: Record<string, Comparator> = { '<': '<', '<=': '<=', '≤': '<=', '>': '>', '>=': '>=', '≥': '>=' };

/** '<0.5', or `{ value: '<0.5', unit?, referenceRange? }`: the bound, its comparator and unit. Numbers and anything else give null. */
export function readBoundedMeasurement(raw: unknown): BoundedMeasurement | null {
  const written = isRecord(raw) ? raw.value : raw;
  const bound = typeof written === 'string' ? BOUND.exec(written.trim()) : null;
  if (!bound) return null;
  const rest = isRecord(raw) ? unitAndRange(raw) : { unit: null, range: null, rangeText: null };
  return { comparator: COMPARATOR_OF[bound[1]!]!, value: Number(bound[2]), ...rest };
}

export type RangePosition = 'below' | 'within' | 'above';

export function rangePosition(measurement: Measurement): RangePosition | null {
  const { range, value } = measurement;
  if (!range) return null;
  if (range.low !== undefined && value < range.low) return 'below';
  if (range.high !== undefined && value > range.high) return 'above';
  return 'within';
}
