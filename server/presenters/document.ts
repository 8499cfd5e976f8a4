import type { DocumentProcessingResult, RecentDocument, ReportAbilities } from '../../common/api-types';
import type { Document } from '../../db/models';
import { iso } from '../lib/dates';
import type { ProcessedDocument } from '../services/documents/process';
import { presentOwnReport } from './report';

export function presentRecentDocument(document: Document): RecentDocument {
  const report = document.reports?.[0] ?? null;
  return {
    id: document.id,
    filename: document.filename,
    mimeType: document.mimeType,
    pages: document.pages,
    createdAt: iso(document.createdAt)!,
    reportId: report?.id ?? null,
    reportTitle: report?.title ?? null,
  };
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Spec section 3 'Document processing response', plus the saved report (with what the patient may do with it) and where each field was read. */
export function presentProcessedDocument(processed: Extract<ProcessedDocument, { read: true }>, abilities: ReportAbilities): DocumentProcessingResult {
  const { extraction, text, pages, report } = processed;
  const found = [plural(pages, 'page'), plural(extraction.medicationsFound.length, 'medication') + ' found', plural(Object.keys(extraction.results).length, 'lab value')];
  return {
    success: true,
    message: `Document read and saved as '${report.title}': ${found.join(', ')}.`,
    structuredRecord: extraction.structuredRecord,
    extractedText: text,
    aiAnalysis: { extractedText: text, medicationsFound: extraction.medicationsFound },
    report: presentOwnReport(report, abilities),
    sources: extraction.sources,
    reportDateQuestion: extraction.reportDateQuestion,
  };
}
