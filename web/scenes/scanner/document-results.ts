import type { DocumentProcessingResult, StructuredRecord } from '../../../common/api-types';
import { MAX_DOCUMENT_BYTES } from '../../../common/constants';
import { ApiError } from '../../api/client';
import type { DocumentKind, ProcessingAnswer } from '../../api/documents';

export interface Toast {
  title: string;
  description: string;
  variant: 'success' | 'destructive';
}

const UNABLE_TO_PROCESS = 'Unable to process the medical document. Please try again.';

/** Spec section 8: what processing answered, as a toast. */
export function processedToast(kind: DocumentKind, result: ProcessingAnswer): Toast {
  if (!result.success) {
    return { title: 'PDF Processing Unavailable', description: result.message || 'Please use the camera to take a photo of your document instead.', variant: 'destructive' };
  }
  if (kind === 'image') {
    return { title: 'Medical consultation processed!', description: 'Handwritten notes have been converted to typed medical records.', variant: 'success' };
  }
  const unreadable = /text extraction (is )?unavailable/i.test(result.extractedText);
  return {
    title: 'PDF uploaded successfully!',
    description: unreadable
      ? 'Document saved securely. Available for manual review and analysis.'
      : `Document analyzed: ${result.aiAnalysis.medicationsFound.length} medications found, content processed`,
    variant: 'success',
  };
}

/**
 * A refused or failed request. Too large (413) and the wrong kind of file (415) say what to change in
 * the server's words; otherwise the spec's texts, with the server's message for a PDF when it gave one.
 */
export function failureToast(kind: DocumentKind, error: unknown): Toast {
  const detail = error instanceof ApiError ? error.detail : undefined;
  const actionable = error instanceof ApiError && (error.status === 413 || error.status === 415);
  if (kind === 'image') return { title: 'Processing failed', description: (actionable && detail) || UNABLE_TO_PROCESS, variant: 'destructive' };
  return { title: 'PDF Processing Issue', description: detail ?? 'Try taking a photo of your document with the camera instead.', variant: 'destructive' };
}

const MEGABYTE = 1024 * 1024;

export const tooLargeToast: Toast = {
  title: 'File too large',
  description: `Choose a document of at most ${MAX_DOCUMENT_BYTES / MEGABYTE} MB.`,
  variant: 'destructive',
};

/** A file's kind from its type, or from its name when the browser gave no type. */
export function kindOfFile(file: File): DocumentKind {
  return file.type === 'application/pdf' || (!file.type && /\.pdf$/i.test(file.name)) ? 'pdf' : 'image';
}

const STRUCTURED_FIELDS: Array<[Exclude<keyof StructuredRecord, 'patientInfo'>, string]> = [
  ['consultationDate', 'Consultation Date'],
  ['chiefComplaint', 'Chief Complaint'],
  ['diagnosis', 'Diagnosis'],
  ['treatmentPlan', 'Treatment Plan'],
  ['followUp', 'Follow Up'],
  ['additionalNotes', 'Additional Notes'],
];

const PATIENT_FIELDS = [
  ['name', 'Patient Name'],
  ['patientId', 'Patient ID'],
  ['age', 'Age'],
  ['gender', 'Gender'],
] as const;

interface ReadField {
  label: string;
  value: string;
  /** The line of extracted text it was read from. */
  source?: string;
}

/** The structured record's fields that were found, each with the line it was read from. */
export function readFields({ structuredRecord: record, sources }: Pick<DocumentProcessingResult, 'structuredRecord' | 'sources'>): ReadField[] {
  const fields: ReadField[] = [];
  const info = record.patientInfo;
  // patientInfo is text or { name, patientId, age, gender } (spec section 3).
  if (typeof info === 'string' && info) fields.push({ label: 'Patient', value: info, source: sources.patientInfo });
  if (info && typeof info === 'object') {
    for (const [key, label] of PATIENT_FIELDS) {
      const value = info[key];
      if (value !== undefined && value !== null && value !== '') fields.push({ label, value: String(value), source: sources[`patientInfo.${key}`] });
    }
  }
  for (const [key, label] of STRUCTURED_FIELDS) {
    const value = record[key];
    if (value) fields.push({ label, value, source: sources[key] });
  }
  return fields;
}
