import { yupToFormErrors, type FormikErrors } from 'formik';
import type { DocumentProcessingResult, MedicalReport } from '../../../common/api-types';
import { DEFAULT_REPORT_STATUS, type ReportStatus, type ReportType } from '../../../common/constants';
import { formatResultKey, parseReferenceRange, parseResults, resultKey } from '../../../common/records';
import { dateInputToIso, isPlainObject, localDateString } from '../../../common/schemas/helpers';
import type { MedicalReportCreateInput, MedicalReportUpdateInput } from '../../../common/schemas/medical-report';

/** Field path -> the line of extracted text it was read from (the processing answer's `sources`). */
export type Sources = DocumentProcessingResult['sources'];

/**
 * The report form (review after a scan, edit on the report page, add by hand) works on text inputs;
 * this module turns a report into those values and the values back into the API's bodies.
 */

/** One editable value inside a result: the result itself ('') or one of its parts ('value', 'unit'...). */
interface ResultPart {
  part: string;
  text: string;
  kind: 'text' | 'number' | 'list';
}

interface ResultRow {
  /** The key it is stored under; '' for a result added in the form. */
  key: string;
  /** Its name as the patient reads and corrects it ('LDL Cholesterol'). */
  name: string;
  parts: ResultPart[];
  /** Values the form cannot show as text (nested deeper); saved back unchanged. */
  kept: Record<string, unknown>;
}

export interface ReportFormValues {
  title: string;
  type: ReportType | '';
  status: ReportStatus;
  reportDate: string;
  doctorName: string;
  facility: string;
  summary: string;
  results: ResultRow[];
}

function partOf(part: string, value: unknown): ResultPart | null {
  if (typeof value === 'number') return { part, text: String(value), kind: 'number' };
  if (typeof value === 'string' || typeof value === 'boolean' || value === null) return { part, text: value === null ? '' : String(value), kind: 'text' };
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) return { part, text: value.join(', '), kind: 'list' };
  return null;
}

function rowOf(key: string, value: unknown): ResultRow {
  const name = formatResultKey(key);
  const whole = partOf('', value);
  if (whole) return { key, name, parts: [whole], kept: {} };
  const parts: ResultPart[] = [];
  const kept: Record<string, unknown> = {};
  if (isPlainObject(value)) {
    for (const [part, inner] of Object.entries(value)) {
      const editable = partOf(part, inner);
      if (editable) parts.push(editable);
      else kept[part] = inner;
    }
  }
  return { key, name, parts, kept };
}

/** Results as rows of text parts; results the report could not parse give no rows (and are not overwritten unless edited). */
export function resultRows(results: unknown): ResultRow[] {
  const parsed = parseResults(results);
  return parsed.kind === 'fields' ? parsed.entries.map(([key, value]) => rowOf(key, value)) : [];
}

function valueOf({ text, kind }: ResultPart): unknown {
  const trimmed = text.trim();
  if (kind === 'number' && trimmed !== '' && Number.isFinite(Number(trimmed))) return Number(trimmed);
  if (kind === 'list') return trimmed ? trimmed.split(',').map((item) => item.trim()).filter(Boolean) : [];
  return trimmed;
}

/** The key a row is saved under: its own while its name reads as before, else the corrected name's ('LDL Cholesterol' -> 'ldlCholesterol'). */
function storedKey(row: ResultRow): string {
  const name = row.name.trim();
  return row.key && name === formatResultKey(row.key) ? row.key : resultKey(name);
}

export function resultsFrom(rows: ResultRow[]): Record<string, unknown> {
  const results: Record<string, unknown> = {};
  for (const row of rows) {
    const key = storedKey(row);
    if (!key) continue;
    const whole = row.parts.length === 1 && row.parts[0]!.part === '' ? row.parts[0]! : null;
    // A part left blank (a unit or range not given) is left out rather than kept as ''.
    const filled = row.parts.filter((p) => p.text.trim() !== '');
    results[key] = whole ? valueOf(whole) : { ...row.kept, ...Object.fromEntries(filled.map((p) => [p.part, valueOf(p)])) };
  }
  return results;
}

/** A result typed in by hand: a number, its unit and its reference range, so it is flagged when outside the range. */
export const blankResultRow = (): ResultRow => ({
  key: '',
  name: '',
  parts: [
    { part: 'value', text: '', kind: 'number' },
    { part: 'unit', text: '', kind: 'text' },
    { part: 'referenceRange', text: '', kind: 'text' },
  ],
  kept: {},
});

const partText = (row: ResultRow, part: string) => row.parts.find((p) => p.part === part)?.text.trim() ?? '';

/**
 * What the schema cannot see in the rows: a result without a name, two results of one name, or a range that
 * cannot be compared (unreadable, or beside a value that is not a number). Null when there is nothing.
 */
export function resultsProblem(rows: ResultRow[]): string | null {
  const keys = rows.map(storedKey);
  const unnamed = rows.findIndex((row, index) => !keys[index] && row.parts.some((p) => p.text.trim() !== ''));
  if (unnamed >= 0) return `Result ${unnamed + 1} needs a name`;
  const repeated = keys.find((key, index) => key && keys.indexOf(key) !== index);
  if (repeated) return `Two results are named ${formatResultKey(repeated)}: give each its own name`;
  for (const row of rows) {
    const range = partText(row, 'referenceRange');
    if (!range) continue;
    if (!parseReferenceRange(range)) return `${resultLabel(row)}: write the reference range as 70-99, <200 or >40`;
    if (!Number.isFinite(Number(partText(row, 'value')))) return `${resultLabel(row)}: the value must be a number to be compared with its range`;
  }
  return null;
}

export function reportFormValues(report: MedicalReport | null): ReportFormValues {
  return {
    title: report?.title ?? '',
    type: report?.type ?? '',
    status: report?.status ?? DEFAULT_REPORT_STATUS,
    reportDate: localDateString(report ? new Date(report.reportDate) : new Date()),
    doctorName: report?.doctorName ?? '',
    facility: report?.facility ?? '',
    summary: report?.summary ?? '',
    results: resultRows(report?.results),
  };
}

const text = (value: string) => value.trim();

/** POST body: blank optional fields are left out. */
export function toCreatePayload(values: ReportFormValues): MedicalReportCreateInput {
  const payload: MedicalReportCreateInput = { title: text(values.title), type: (values.type || undefined) as ReportType, status: values.status, reportDate: dateInputToIso(text(values.reportDate)) };
  if (text(values.doctorName)) payload.doctorName = text(values.doctorName);
  if (text(values.facility)) payload.facility = text(values.facility);
  if (text(values.summary)) payload.summary = text(values.summary);
  if (values.results.some((row) => storedKey(row))) payload.results = resultsFrom(values.results);
  return payload;
}

/** PATCH body: every field, with cleared optional ones sent as null so the stored values go too. */
export function toUpdatePayload(values: ReportFormValues): MedicalReportUpdateInput {
  return {
    title: text(values.title),
    type: values.type || undefined,
    status: values.status,
    reportDate: dateInputToIso(text(values.reportDate)),
    doctorName: text(values.doctorName) || null,
    facility: text(values.facility) || null,
    summary: text(values.summary) || null,
    results: resultsFrom(values.results),
  };
}

/**
 * Formik validation with the server's own schema, run on the body the form would send, so the form
 * and the server answer with the same messages under the same field names.
 */
export function validateAs(schema: { validate(body: unknown, options: { abortEarly: false }): Promise<unknown> }, toPayload: (values: ReportFormValues) => object) {
  return async (values: ReportFormValues): Promise<FormikErrors<ReportFormValues>> => {
    try {
      // The body exactly as it would be sent (Formik's own helper would first turn '' into undefined).
      await schema.validate(toPayload(values), { abortEarly: false });
      return withResultsProblem({}, values);
    } catch (error) {
      return withResultsProblem(yupToFormErrors(error) as FormikErrors<ReportFormValues>, values);
    }
  };
}

function withResultsProblem(errors: FormikErrors<ReportFormValues>, values: ReportFormValues): FormikErrors<ReportFormValues> {
  const problem = resultsProblem(values.results);
  return problem ? { ...errors, results: problem } : errors;
}

/** Where each form field may have been read from, as the processing answer's `sources` names them. */
const SOURCE_KEYS: Record<string, string[]> = {
  title: ['title'],
  type: ['type'],
  reportDate: ['reportDate', 'consultationDate'],
  doctorName: ['doctorName'],
  facility: ['facility'],
  summary: ['summary'],
};

export function sourceOf(sources: Sources | undefined, field: string): string | undefined {
  if (!sources) return undefined;
  const keys = field.startsWith('results.') ? [field] : (SOURCE_KEYS[field] ?? [field]);
  return keys.map((key) => sources[key]).find(Boolean);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The summary with a result's old name, where it stands as whole words, changed to its corrected name. */
export function renameInSummary(summary: string, from: string, to: string): string {
  const [old, next] = [from.trim(), to.trim()];
  if (!old || !next || old === next) return summary;
  return summary.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(old)}(?![\\p{L}\\p{N}])`, 'gu'), next);
}

export const resultLabel = (row: ResultRow) => row.name.trim() || 'New result';
export const partLabel = (part: ResultPart) => (part.part ? formatResultKey(part.part) : 'Value');
