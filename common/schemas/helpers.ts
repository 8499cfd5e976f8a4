/**
 * Building blocks for the shared yup schemas.
 *
 * Every schema is run by Formik on the client (`validationSchema`) and by the server's validate
 * middleware with `{ abortEarly: false, stripUnknown: false }`. Payload schemas are built with
 * `strictObject`:
 *  - with `stripUnknown: false` (the server) an unknown key fails with 'Unknown field: a, b'
 *    (error path '' for the top level, the object's path for nested objects);
 *  - without the option (Formik, plain `validate()`/`cast()`) yup drops unknown keys silently.
 */
import * as yup from 'yup';
import { MAX_FIELD_LENGTH, PAST_DATE_GRACE_MS } from '../constants';

const TYPE_WORDS: Record<string, string> = { string: 'text', number: 'a number', boolean: 'true or false', object: 'an object', array: 'a list', date: 'a date', mixed: 'a value' };
const fieldName = (path: string | undefined) => (path && path !== 'this' ? path : 'The value');

/**
 * yup's own messages for fields without a labelled one echo the whole value back ('must be a `string`
 * type, but the final value was: ...'). Set here, before any schema exists, since yup copies them in
 * when a schema is created; every schema module imports this one.
 */
yup.setLocale({
  mixed: {
    notType: ({ path, type }: { path?: string; type: string }) => `${fieldName(path)} must be ${TYPE_WORDS[type] ?? TYPE_WORDS.mixed}`,
    notNull: ({ path }: { path?: string }) => `${fieldName(path)} cannot be null; leave it out instead`,
  },
});

const UNKNOWN_FIELD_MESSAGE = 'Unknown field: ${unknown}';

/** Object schema that rejects keys outside its shape ('Unknown field: foo, bar'). */
export function strictObject<S extends yup.ObjectShape>(shape: S) {
  return yup.object(shape).noUnknown(UNKNOWN_FIELD_MESSAGE);
}

/** Any version/variant of a canonical uuid (PostgreSQL accepts all of them). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** 24-hour 'HH:MM'. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Calendar date 'YYYY-MM-DD'. */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/**
 * ISO 8601 date or date-time, as produced by `Date#toISOString()`, by `<input type="date">`
 * or by `<input type="datetime-local">` (no offset = local time).
 */
const ISO_DATE_PATTERN =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** 10000 → '10,000', as en-US writes it; without Intl, whose first use costs a page's start tens of milliseconds. */
const formatCount = (count: number) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export const tooLongMessage = (label: string, max = MAX_FIELD_LENGTH) => `${label} must be at most ${formatCount(max)} characters`;

/** '' (and whitespace-only) becomes undefined, so optional fields and defaults apply. */
export const emptyToUndefined = (value: unknown, original: unknown) =>
  typeof original === 'string' && original.trim() === '' ? undefined : value;

/** Real-world UTC offsets run from -12:00 to +14:00; up to 14:59 is accepted, PostgreSQL refuses past 15:59. */
const MAX_OFFSET_HOURS = 14;
/** Instants from year 10000 on cannot be written back as an ISO date this API accepts. */
const FIRST_UNWRITABLE_INSTANT = Date.UTC(10_000, 0, 1);

/**
 * A date or date-time PostgreSQL will store as written: a real calendar day (not '2030-02-30',
 * which Date.parse quietly rolls over to March) and an offset no further than +/-14:00.
 */
export function isValidIsoDate(value: string): boolean {
  const instant = Date.parse(value);
  if (!ISO_DATE_PATTERN.test(value) || Number.isNaN(instant) || instant >= FIRST_UNWRITABLE_INSTANT || !isValidCalendarDate(value.slice(0, 10))) return false;
  const offset = /[+-](\d{2}):?(\d{2})$/.exec(value.slice(10));
  return !offset || (Number(offset[1]) <= MAX_OFFSET_HOURS && Number(offset[2]) < 60);
}

/** 'YYYY-MM-DD' naming a real calendar day. */
export function isValidCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d;
}

/** Today's local date as 'YYYY-MM-DD'. */
export function localDateString(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A date input's 'YYYY-MM-DD' as the ISO instant of local midnight; anything unparseable passes through for validation to report. */
export function dateInputToIso(value: string): string {
  // Date would quietly roll '2026-02-30' over into March.
  if (DATE_PATTERN.test(value) && !isValidCalendarDate(value)) return value;
  const local = DATE_PATTERN.test(value) ? `${value}T00:00` : value;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** True when the instant is now or later (with the clock-skew grace). */
export function isNotInPast(value: string, now: number = Date.now()): boolean {
  return Date.parse(value) >= now - PAST_DATE_GRACE_MS;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export const UNSTORABLE_TEXT_MESSAGE = 'Text contains a character that cannot be stored (U+0000 or an unpaired surrogate)';

/** U+0000, or half of a surrogate pair: PostgreSQL refuses the first, and UTF-8 cannot encode the second. */
const UNSTORABLE_CHARACTER = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasUnstorableCharacter = (text: string) => UNSTORABLE_CHARACTER.test(text);

/** yup's own trim() throws on an array or object before typeError can answer; this leaves them to it. */
export const trimText = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

export function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

// ---------------------------------------------------------------------------
// Field factories
// ---------------------------------------------------------------------------

/**
 * yup casts 123 to '123' and 'true' or 1 to true; a JSON value of another kind is refused instead of
 * being stored as something the client never sent.
 */
export function sentAs(type: 'string' | 'boolean', message: string): yup.TestConfig {
  return {
    name: 'sent-as',
    message,
    test(this: yup.TestContext) {
      return this.originalValue == null || typeof this.originalValue === type;
    },
  };
}

/** A string sent as a JSON string, with the '{label} must be text' message for anything else. */
function textField(label: string) {
  return yup.string().typeError(`${label} must be text`).test(sentAs('string', `${label} must be text`));
}

/**
 * Required string, capped at MAX_FIELD_LENGTH unless `max` is tighter. '' and whitespace-only
 * count as missing (as Formik does), so they get the required message alone.
 */
export function requiredString(label: string, requiredMessage = `${label} is required`, max = MAX_FIELD_LENGTH) {
  return textField(label)
    .transform(emptyToUndefined)
    .required(requiredMessage)
    .max(max, tooLongMessage(label, max));
}

/**
 * A field an update may leave out: absent keeps the stored value; sent, it must not be blank, since
 * treating '' as absent would answer 200 and silently keep the old value.
 */
export function changedString(label: string, requiredMessage = `${label} is required`, max = MAX_FIELD_LENGTH) {
  return textField(label)
    .nonNullable(requiredMessage)
    .test('not-blank', requiredMessage, (v) => v === undefined || v.trim() !== '')
    .max(max, tooLongMessage(label, max));
}

/** Optional string; '' is treated as absent. */
export function optionalString(label: string, max = MAX_FIELD_LENGTH) {
  return textField(label)
    .nonNullable(`${label} must be text`)
    .transform(emptyToUndefined)
    .max(max, tooLongMessage(label, max))
    .optional();
}

/** A field an update may clear: absent keeps the stored value; null, '' or blank clears it; text is trimmed and capped. */
export function clearableString(label: string, max = MAX_FIELD_LENGTH) {
  return textField(label)
    .transform((value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : typeof value === 'string' ? value.trim() : value))
    .nullable()
    .max(max, tooLongMessage(label, max))
    .optional();
}

/** Required ISO date string; `pastMessage` adds a "not before now" rule. */
export function requiredIsoDate(label: string, requiredMessage: string, pastMessage?: string) {
  let schema = yup
    .string()
    .typeError(`${label} must be a valid date`)
    .test(sentAs('string', `${label} must be a valid date`))
    .required(requiredMessage)
    .max(64, `${label} must be a valid date`)
    .test('iso-date', `${label} must be a valid date`, (v) => v == null || isValidIsoDate(v));
  if (pastMessage) {
    schema = schema.test(
      'not-in-past',
      pastMessage,
      (v) => v == null || !isValidIsoDate(v) || isNotInPast(v),
    );
  }
  return schema;
}

/** An update's date that may be left out but not blanked (the column holds a date for every row). */
export function changedIsoDate(label: string) {
  const invalid = `${label} must be a valid date`;
  return yup
    .string()
    .typeError(invalid)
    .test(sentAs('string', invalid))
    .nonNullable(`${label} is required`)
    .test('not-blank', `${label} is required`, (v) => v === undefined || v.trim() !== '')
    .max(64, invalid)
    .test('iso-date', invalid, (v) => v === undefined || v.trim() === '' || isValidIsoDate(v));
}

/** Optional ISO date string; '' is treated as absent. */
export function optionalIsoDate(label: string) {
  return yup
    .string()
    .typeError(`${label} must be a valid date`)
    .test(sentAs('string', `${label} must be a valid date`))
    .nonNullable(`${label} must be a valid date`)
    .transform(emptyToUndefined)
    .max(64, `${label} must be a valid date`)
    .test('iso-date', `${label} must be a valid date`, (v) => v == null || isValidIsoDate(v))
    .optional();
}

/**
 * Number field. A blank string is absent in a form (its default applies); in an update (`blank:
 * 'invalid'`) it is refused, since an absent field keeps the stored value and the answer would lie.
 */
export function numberField(label: string, blank: 'absent' | 'invalid' = 'absent') {
  const schema = yup.number().typeError(`${label} must be a number`).nonNullable(`${label} must be a number`);
  return blank === 'absent' ? schema.transform(emptyToUndefined) : schema;
}

/** The largest value an integer column holds. */
const MAX_STORED_INTEGER = 2_147_483_647;

/** Whole number >= 0 that fits an integer column. */
export function nonNegativeInteger(label: string, wholeMessage = `${label} must be a whole number`, blank: 'absent' | 'invalid' = 'absent') {
  return numberField(label, blank)
    .integer(wholeMessage)
    .min(0, `${label} cannot be negative`)
    .max(MAX_STORED_INTEGER, `${label} is too large`);
}

export function booleanField(label: string) {
  const message = `${label} must be true or false`;
  return yup.boolean().typeError(message).test(sentAs('boolean', message)).nonNullable(message);
}

export function uuidField(label: string, message = `${label} must be a valid id`) {
  return yup
    .string()
    .typeError(message)
    .required(message)
    .matches(UUID_PATTERN, { message, excludeEmptyString: true });
}

/** Free-form JSON object (availability, emergency data...), capped when serialised. */
export function jsonObjectField(label: string) {
  return yup
    .mixed<Record<string, unknown>>()
    .test('is-object', `${label} must be an object`, (v) => v == null || isPlainObject(v))
    .test(
      'json-size',
      `${label} must be at most ${formatCount(MAX_FIELD_LENGTH)} characters when serialised`,
      (v) => v == null || jsonLength(v) <= MAX_FIELD_LENGTH,
    );
}
