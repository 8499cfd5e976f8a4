import type { DocumentProcessingResult, PdfProcessingResult, StructuredRecord } from '../../../common/api-types';
import { ApiError } from '../../api/client';

export interface Toast {
  title: string;
  description: string;
  variant: 'success' | 'destructive';
}

/** Spec section 8: the toasts of image processing. */
export const imageToasts = {
  success: { title: 'Medical consultation processed!', description: 'Handwritten notes have been converted to typed medical records.', variant: 'success' },
  failure: { title: 'Processing failed', description: 'Unable to process the medical document. Please try again.', variant: 'destructive' },
} satisfies Record<string, Toast>;

/** Spec section 8: what a PDF upload answered, as a toast. */
export function pdfToast(result: PdfProcessingResult): Toast {
  if (!result.success) {
    return { title: 'PDF Processing Unavailable', description: result.message || 'Please use the camera to take a photo of your document instead.', variant: 'destructive' };
  }
  const unreadable = /text extraction (is )?unavailable/i.test(result.extractedText);
  return {
    title: 'PDF uploaded successfully!',
    description: unreadable
      ? 'Document saved securely. Available for manual review and analysis.'
      : `Document analyzed: ${result.aiAnalysis?.medicationsFound ?? 0} medications found, content processed`,
    variant: 'success',
  };
}

/** A failed PDF request: the server's message when it gave one. */
export function pdfFailureToast(error: unknown): Toast {
  const detail = error instanceof ApiError ? error.detail : undefined;
  return { title: 'PDF Processing Issue', description: detail ?? 'Try taking a photo of your document with the camera instead.', variant: 'destructive' };
}

export type ProcessedDocument = Pick<DocumentProcessingResult, 'extractedText' | 'report'> & { structuredRecord: StructuredRecord | null };

export const STRUCTURED_FIELDS: Array<[keyof StructuredRecord, string]> = [
  ['patientInfo', 'Patient'],
  ['consultationDate', 'Consultation Date'],
  ['chiefComplaint', 'Chief Complaint'],
  ['diagnosis', 'Diagnosis'],
  ['treatmentPlan', 'Treatment Plan'],
  ['followUp', 'Follow Up'],
  ['additionalNotes', 'Additional Notes'],
];

/** patientInfo is text or { name, patientId, age, gender }. */
export function patientText(info: StructuredRecord['patientInfo']): string | null {
  if (!info) return null;
  if (typeof info === 'string') return info;
  return [info.name, info.patientId && `ID ${info.patientId}`, info.age && `${info.age} years`, info.gender].filter(Boolean).join(' · ') || null;
}
