/**
 * Reads a medical document's text (from OCR or a PDF's text layer) into the spec's structured record,
 * the medications it names, its lab values and the report that keeps them. Pure: text in, fields out.
 * Every field remembers the line it was read from (`sources`), so the patient can check each value.
 */
import { REPORT_TYPE_LABELS, type ReportStatus, type ReportType } from '../../../common/constants';
import type { MedicationFound, ReportDateQuestion, StructuredRecord } from '../../../common/api-types';
import { parseReferenceRange, rangePosition, resultKey } from '../../../common/records';
import { GENERIC_DRUG_NAMES } from './medication-names';

/** One lab value, in the shape the seeded reports and the report screen use. */
interface LabResult {
  value: number;
  unit: string | null;
  referenceRange: string | null;
}

interface ReportDraft {
  title: string;
  type: ReportType;
  status: ReportStatus;
  /** 'YYYY-MM-DD' when the document names one date for certain, else null (the caller uses today until the patient answers). */
  reportDate: string | null;
  doctorName: string | null;
  facility: string | null;
  summary: string;
}

/** The structured record as the server reads it: patientInfo always an object, each part found or null. */
interface ReadRecord extends StructuredRecord {
  patientInfo: { name: string | null; patientId: string | null; age: string | null; gender: string | null };
}

export interface DocumentExtraction {
  structuredRecord: ReadRecord;
  medicationsFound: MedicationFound[];
  results: Record<string, LabResult>;
  /** Field path ('diagnosis', 'patientInfo.name', 'results.hemoglobin', 'medications.Metformin'...) -> its line. */
  sources: Record<string, string>;
  report: ReportDraft;
  /** The document's date when it was not read with certainty, for the patient to give in the review. */
  reportDateQuestion: ReportDateQuestion | null;
}

// ---------------------------------------------------------------------------
// Labelled fields ('Diagnosis: ...')
// ---------------------------------------------------------------------------

type TextField = 'patientInfo.name' | 'patientInfo.patientId' | 'consultationDate' | 'chiefComplaint' | 'diagnosis' | 'treatmentPlan' | 'followUp' | 'additionalNotes' | 'doctorName' | 'facility';

/** What a document's own date is called: the visit's, the report's, or (on lab reports) the sample's. */
const DATE_LABELS = [
  'date of consultation', 'consultation date', 'date of visit', 'visit date', 'date of service',
  'date of report', 'report date', 'date reported', 'reported on',
  'date of collection', 'collection date', 'date collected', 'collected on', 'collected',
  'date of sample', 'sample date', 'sample collected', 'sampled on', 'date of specimen', 'specimen date', 'specimen collected',
  'date',
];

/** Labels as they start a line, most specific first. OCR often reads ':' as ';' or '.', so all three separate. */
const FIELD_LABELS: ReadonlyArray<[TextField, string[]]> = [
  ['patientInfo.patientId', ['patient id', 'patient no', 'patient number', 'mrn', 'medical record number', 'medical record no', 'record no', 'hospital no']],
  ['patientInfo.name', ["patient's name", 'patient name', 'patient', 'name']],
  ['consultationDate', DATE_LABELS],
  ['chiefComplaint', ['chief complaint', 'presenting complaint', 'reason for visit', 'complaint', 'complaints', 'symptoms', 'cc']],
  ['diagnosis', ['diagnosis', 'diagnoses', 'assessment', 'impression', 'dx']],
  ['treatmentPlan', ['treatment plan', 'plan of care', 'management plan', 'treatment', 'management', 'plan', 'rx']],
  ['followUp', ['follow-up', 'follow up', 'followup', 'next visit', 'return visit', 'next appointment']],
  ['additionalNotes', ['additional notes', 'notes', 'note', 'comments', 'comment', 'remarks']],
  ['doctorName', ['attending physician', 'referring physician', 'physician', 'doctor', 'provider', 'consultant', 'ordered by', 'reported by', 'signed by']],
  ['facility', ['facility', 'clinic', 'hospital', 'laboratory', 'location']],
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SEPARATOR = String.raw`\s*[:;.#\-–]\s*`;

/** One pattern for every label, one group per field, tried in FIELD_LABELS order; the value is the last group. */
const LABELLED_LINE = new RegExp(`^(?:${FIELD_LABELS.map(([, labels]) => `(${labels.map(escape).join('|')})`).join('|')})${SEPARATOR}(.*)$`, 'i');

/** Labels that may share a line with others ('Name: Jane Doe  Age: 45  Gender: F'): a value ends where one starts. */
const INLINE_LABEL = /\s+(?=(?:age|gender|sex|dob|date of birth|mrn|patient id|id|date)\s*[:;#])/i;
const AGE = /\bage\s*[:;.\-]?\s*(\d{1,3})\b/i;
const GENDER = /\b(?:gender|sex)\s*[:;.\-]?\s*(male|female|other|non-binary|m|f)\b/i;

const GENDER_NAMES: Record<string, string> = { m: 'Male', f: 'Female' };

/** A date label with no separator before its date ('Sample date 20/11/2026'). */
const DATE_LABEL_THEN_DIGITS = new RegExp(`^(?:${DATE_LABELS.map(escape).join('|')})\\s+(\\d.*)$`, 'i');

function labelledField(line: string): { field: TextField; value: string } | null {
  const match = LABELLED_LINE.exec(line);
  const bareDate = match ? null : DATE_LABEL_THEN_DIGITS.exec(line);
  if (bareDate) return { field: 'consultationDate', value: bareDate[1]!.split(INLINE_LABEL)[0]!.trim() };
  if (!match) return null;
  const group = match.findIndex((part, index) => index > 0 && part !== undefined);
  return { field: FIELD_LABELS[group - 1]![0], value: match.at(-1)!.split(INLINE_LABEL)[0]!.trim() };
}

// ---------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = String.raw`(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?`;

function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

const fullYear = (year: string) => (year.length === 2 ? 2000 + Number(year) : Number(year));

const only = (date: string | null) => (date ? [date] : []);

/**
 * The dates a text can mean: one when it is certain ('2025-03-14', '14/03/2025', '03/14/2025', '14 March 2025',
 * 'Mar 14, 2025'), two when day and month could be either way round ('03/04/2026'), none when it holds no date.
 */
export function documentDateReadings(text: string): string[] {
  let m = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/.exec(text);
  if (m) return only(isoDate(Number(m[1]), Number(m[2]), Number(m[3])));
  m = /\b(\d{1,2})[/.](\d{1,2})[/.](\d{4}|\d{2})\b/.exec(text);
  if (m) {
    const [first, second, year] = [Number(m[1]), Number(m[2]), fullYear(m[3]!)];
    const readings = [isoDate(year, first, second), isoDate(year, second, first)].filter((date): date is string => date !== null);
    return [...new Set(readings)].sort();
  }
  m = new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+${MONTH},?\s+(\d{4})\b`, 'i').exec(text);
  if (m) return only(isoDate(Number(m[3]), MONTHS.indexOf(m[2]!.toLowerCase()) + 1, Number(m[1])));
  m = new RegExp(String.raw`\b${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`, 'i').exec(text);
  if (m) return only(isoDate(Number(m[3]), MONTHS.indexOf(m[1]!.toLowerCase()) + 1, Number(m[2])));
  return [];
}

// ---------------------------------------------------------------------------
// Medications
// ---------------------------------------------------------------------------

const DRUG_NAMES = new Map(GENERIC_DRUG_NAMES.map((name) => [name.toLowerCase(), name]));
/** Every name, tried at one position; longest first, so 'Insulin glargine' wins over 'Insulin'. */
const DRUG_AT = new RegExp(
  `\\b(${[...GENERIC_DRUG_NAMES].sort((a, b) => b.length - a.length).map((name) => escape(name).replace(/ /g, '\\s+')).join('|')})\\b`,
  'iy',
);

const DOSE = /^[\s:,-]{0,3}(\d+(?:\.\d+)?\s*(?:mg|mcg|µg|ug|g|ml|units?|iu|%)(?:\s*\/\s*(?:ml|dose|tab))?)(?![a-z])/i;
const FREQUENCY =
  /\b(once (?:a )?daily|twice (?:a )?daily|three times (?:a )?daily|four times (?:a )?daily|once a day|twice a day|three times a day|four times a day|every \d+ hours|every (?:morning|evening|night)|at bedtime|at night|in the morning|as needed|when required|once weekly|weekly|monthly|nightly|daily|q\.?\d+h|b\.?i\.?d\.?|t\.?i\.?d\.?|q\.?i\.?d\.?|q\.?d\.?|q\.?h\.?s\.?|o\.?d\.?|b\.?d\.?|prn)(?![a-z])/i;

/** Any name's first word: names are tried only where one starts (trying them all at every position costs more). */
const DRUG_FIRST_WORD = new RegExp(`\\b(?:${[...new Set(GENERIC_DRUG_NAMES.map((name) => escape(name.split(' ')[0]!)))].join('|')})\\b`, 'gi');

/** The drugs a line names, left to right, with the dose and frequency written after each. */
function medicationsIn(line: string): MedicationFound[] {
  const found: MedicationFound[] = [];
  DRUG_FIRST_WORD.lastIndex = 0;
  for (let start = DRUG_FIRST_WORD.exec(line); start; start = DRUG_FIRST_WORD.exec(line)) {
    DRUG_AT.lastIndex = start.index;
    const match = DRUG_AT.exec(line);
    if (!match) {
      DRUG_FIRST_WORD.lastIndex = start.index + 1;
      continue;
    }
    DRUG_FIRST_WORD.lastIndex = start.index + match[0].length;
    const after = line.slice(DRUG_FIRST_WORD.lastIndex);
    found.push({
      name: DRUG_NAMES.get(match[0].toLowerCase().replace(/\s+/g, ' '))!,
      dose: DOSE.exec(after)?.[1]?.replace(/\s+/g, ' ') ?? null,
      frequency: FREQUENCY.exec(after)?.[1] ?? null,
      source: line,
    });
  }
  return found;
}

// ---------------------------------------------------------------------------
// Lab values ('Hemoglobin 13.5 g/dL (13.5-17.5)')
// ---------------------------------------------------------------------------

const UNIT = String.raw`(?:g\/dl|mg\/dl|mg\/l|g\/l|mmol\/l|[uµ]mol\/l|meq\/l|u\/l|iu\/l|miu\/l|miu\/ml|[uµ]iu\/ml|ng\/ml|ng\/dl|pg\/ml|pg|fl|x?\s?10\^?\d+\s?\/\s?[uµm]?l|[km]\/[uµ]l|cells\/[uµm]c?l|\/hpf|mmhg|bpm|ml\/min(?:\/1\.73\s?m2)?|sec|%)`;
const RANGE = String.raw`(\d+(?:\.\d+)?\s*(?:-|–|to)\s*\d+(?:\.\d+)?|[<>]=?\s*\d+(?:\.\d+)?)`;
const LAB_LINE = new RegExp(String.raw`^([A-Za-z][A-Za-z0-9 ()'/,-]{1,48}?)\s*[:=\-–]?\s+(-?\d+(?:\.\d+)?)(?![\d/])\s*(${UNIT})?(.*)$`, 'i');
const LAB_RANGE = new RegExp(String.raw`^\s*(?:[HL]\b|high\b|low\b)?\s*\(?\s*(?:(?:ref(?:erence)?\.?|normal)\s*(?:range|interval|values?)?\s*[:\-]?\s*)?${RANGE}\s*\)?`, 'i');

/** Words that name something other than a lab value when followed by a number. */
const NOT_LAB_NAMES = /^(age|dob|date|id|mrn|phone|tel|fax|page|room|bed|ward|zip|patient|name|ref|reference|no|number)\b/i;

function labValue(line: string): { key: string; name: string; result: LabResult } | null {
  const match = LAB_LINE.exec(line);
  if (!match) return null;
  const name = match[1]!.trim();
  if (NOT_LAB_NAMES.test(name) || !/[a-z]{2}/i.test(name)) return null;
  const unit = match[3]?.replace(/\s+/g, '') ?? null;
  const range = LAB_RANGE.exec(match[4] ?? '')?.[1]?.replace(/\s+/g, '').replace('–', '-').replace(/to/i, '-') ?? null;
  // A number beside a name is a lab value only with a unit or a reference range to say so.
  if (!unit && !range) return null;
  const key = resultKey(name);
  if (!key) return null;
  return { key, name, result: { value: Number(match[2]), unit, referenceRange: range } };
}

// ---------------------------------------------------------------------------
// The report
// ---------------------------------------------------------------------------

const DOCTOR_IN_TEXT = /\bDr\.?\s+([A-Z][A-Za-z'-]+(?:\s+[A-Z][A-Za-z'.-]*){0,2})/;
const FACILITY_IN_TEXT = /\b(clinic|hospital|medical cent(?:er|re)|health cent(?:er|re)|laboratory|laboratories|imaging|diagnostics|medical group|practice)\b/i;
const TITLE_WORDS = /\b(report|results|note|notes|summary|prescription|panel|count|record|letter|consultation|x-ray|mri|ecg|ekg)\b/i;

const TYPE_HINTS: ReadonlyArray<[ReportType, RegExp]> = [
  ['x_ray', /\b(x-?ray|radiograph|chest film|cxr)\b/i],
  ['mri', /\b(mri|magnetic resonance)\b/i],
  ['heart_rate', /\b(heart rate|ecg|ekg|electrocardiogram|holter)\b/i],
  ['blood_work', /\b(blood count|cbc|hemoglobin|haemoglobin|hematology|haematology|lipid panel|metabolic panel|laboratory report|lab results)\b/i],
  ['prescription', /\b(prescription|rx\b|dispense|refills?)\b/i],
];

function reportType(text: string, labCount: number, hasClinicalFields: boolean, medicationCount: number): ReportType {
  for (const [type, hint] of TYPE_HINTS) {
    if (type === 'prescription' && (hasClinicalFields || !medicationCount)) continue;
    if (hint.test(text)) return type;
  }
  if (labCount >= 2) return 'blood_work';
  if (medicationCount && !hasClinicalFields) return 'prescription';
  return 'consultation';
}

const DEFAULT_TITLES: Record<ReportType, string> = {
  blood_work: 'Lab Results',
  x_ray: 'X-Ray Report',
  mri: 'MRI Report',
  prescription: 'Prescription',
  consultation: 'Consultation Notes',
  heart_rate: 'Heart Rate Record',
  premium_analysis: REPORT_TYPE_LABELS.premium_analysis,
};

const describeMedication = (m: MedicationFound) => [m.name, m.dose, m.frequency].filter(Boolean).join(' ');

function summarise(record: StructuredRecord, medications: MedicationFound[], results: Record<string, LabResult>, names: Record<string, string>): string {
  const parts: string[] = [];
  if (record.diagnosis) parts.push(`Diagnosis: ${record.diagnosis}.`);
  else if (record.chiefComplaint) parts.push(`Complaint: ${record.chiefComplaint}.`);
  if (record.treatmentPlan) parts.push(`Plan: ${record.treatmentPlan}.`);
  if (medications.length) parts.push(`Medications: ${medications.map(describeMedication).join(', ')}.`);
  const keys = Object.keys(results);
  if (keys.length) {
    const outside = keys.flatMap((key) => {
      const { value, unit, referenceRange } = results[key]!;
      const position = rangePosition({ value, unit, range: parseReferenceRange(referenceRange), rangeText: referenceRange });
      return position === 'below' || position === 'above' ? [`${names[key]} ${position === 'below' ? 'low' : 'high'}`] : [];
    });
    const count = `${keys.length} lab value${keys.length === 1 ? '' : 's'} read`;
    parts.push(outside.length ? `${count}; outside the reference range: ${outside.join(', ')}.` : `${count}${keys.some((k) => results[k]!.referenceRange) ? ', all within their reference ranges' : ''}.`);
  }
  if (record.followUp) parts.push(`Follow-up: ${record.followUp}.`);
  const summary = parts.join(' ').replace(/\.\./g, '.');
  return (summary || 'Text read from the document; no fields were recognised. Check the extracted text.').slice(0, 2000);
}

function hasAbnormalResult(results: Record<string, LabResult>): boolean {
  return Object.values(results).some(({ value, unit, referenceRange }) => {
    const position = rangePosition({ value, unit, range: parseReferenceRange(referenceRange), rangeText: referenceRange });
    return position === 'below' || position === 'above';
  });
}

/** The text's lines with runs of spaces and tabs made one, leading bullets and the ends' spaces dropped; no empty ones. */
const linesOf = (text: string) => `\n${text}\n`.replace(/[\t ]+/g, ' ').split(/\s*\n[|•*·\-–\s]*/).filter((line) => line.length > 0);

export function extractDocument(text: string): DocumentExtraction {
  const lines = linesOf(text);
  const fields = new Map<TextField, string>();
  const sources: Record<string, string> = {};
  const setField = (field: TextField, value: string, line: string) => {
    if (!value || fields.has(field)) return;
    fields.set(field, value.slice(0, 1000));
    sources[field] = line;
  };
  let age: string | null = null;
  let gender: string | null = null;
  const medications = new Map<string, MedicationFound>();
  const results: Record<string, LabResult> = {};
  const resultNames: Record<string, string> = {};

  for (const [index, line] of lines.entries()) {
    const labelled = labelledField(line);
    if (labelled) {
      // A label alone on its line ('Diagnosis:') takes the next line, unless that is a label too.
      const next = lines[index + 1];
      const value = labelled.value || (next && !labelledField(next) ? next : '');
      setField(labelled.field, value, labelled.value ? line : `${line} ${value}`.trim());
    }
    const ageMatch: RegExpExecArray | null = age ? null : AGE.exec(line);
    if (ageMatch) {
      age = ageMatch[1]!;
      sources['patientInfo.age'] = line;
    }
    const genderMatch: RegExpExecArray | null = gender ? null : GENDER.exec(line);
    if (genderMatch) {
      const word = genderMatch[1]!.toLowerCase();
      gender = GENDER_NAMES[word] ?? word.charAt(0).toUpperCase() + word.slice(1);
      sources['patientInfo.gender'] = line;
    }
    const found = medicationsIn(line);
    for (const medication of found) {
      if (medications.has(medication.name)) continue;
      medications.set(medication.name, medication);
      sources[`medications.${medication.name}`] = line;
    }
    if (!found.length && !labelled) {
      const lab = labValue(line);
      if (lab && !(lab.key in results)) {
        results[lab.key] = lab.result;
        resultNames[lab.key] = lab.name;
        sources[`results.${lab.key}`] = line;
      }
    }
  }

  const doctorLine = fields.has('doctorName') ? null : lines.find((line) => DOCTOR_IN_TEXT.test(line));
  if (doctorLine) setField('doctorName', `Dr. ${DOCTOR_IN_TEXT.exec(doctorLine)![1]!}`, doctorLine);
  const facilityLine = fields.has('facility') ? null : lines.slice(0, 8).find((line) => FACILITY_IN_TEXT.test(line) && !labelledField(line));
  if (facilityLine) setField('facility', facilityLine.slice(0, 200), facilityLine);

  const consultationDateText = fields.get('consultationDate') ?? null;
  const dateReadings = consultationDateText ? documentDateReadings(consultationDateText) : [];
  const reportDate = dateReadings.length === 1 ? dateReadings[0]! : null;
  const structuredRecord: ReadRecord = {
    patientInfo: { name: fields.get('patientInfo.name') ?? null, patientId: fields.get('patientInfo.patientId') ?? null, age, gender },
    consultationDate: reportDate ?? consultationDateText,
    chiefComplaint: fields.get('chiefComplaint') ?? null,
    diagnosis: fields.get('diagnosis') ?? null,
    treatmentPlan: fields.get('treatmentPlan') ?? null,
    followUp: fields.get('followUp') ?? null,
    additionalNotes: fields.get('additionalNotes') ?? null,
  };

  const medicationsFound = [...medications.values()];
  const hasClinicalFields = Boolean(structuredRecord.diagnosis || structuredRecord.chiefComplaint || structuredRecord.treatmentPlan);
  const type = reportType(text, Object.keys(results).length, hasClinicalFields, medicationsFound.length);
  const heading = lines.slice(0, 5).find((line) => TITLE_WORDS.test(line) && !/[:;]/.test(line) && line.length <= 120);
  const doctor = fields.get('doctorName') ?? null;
  return {
    structuredRecord,
    medicationsFound,
    results,
    sources,
    report: {
      title: heading ?? DEFAULT_TITLES[type],
      type,
      status: type === 'prescription' ? 'active' : hasAbnormalResult(results) ? 'review' : 'normal',
      reportDate,
      doctorName: doctor && !/^dr\b/i.test(doctor) ? `Dr. ${doctor}` : doctor,
      facility: fields.get('facility') ?? null,
      summary: summarise(structuredRecord, medicationsFound, results, resultNames),
    },
    reportDateQuestion: reportDate ? null : { written: consultationDateText, choices: dateReadings },
  };
}
