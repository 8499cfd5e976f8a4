import { createHash, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { raw } from 'objection';
import { Document, MedicalReport } from '../../../db/models';
import type { JsonObject, ReportResults } from '../../../db/models/types';
import type { ReportStatus, ReportType } from '../../../common/constants';
import { auditRowsInsert, type AuditRow } from '../audit';
import { keyCompletion, type ClaimedKey } from '../idempotency';

/** Where a report's Download fetches its original (contract point 5). */
export const documentFileUrl = (documentId: string) => `/api/documents/${documentId}/file`;

interface NewDocument {
  userId: string;
  filename: string;
  mimeType: string;
  bytes: Buffer;
  pages: number;
  extractedText: string | null;
  extraction: JsonObject | null;
}

interface NewReport {
  title: string;
  type: ReportType;
  status: ReportStatus;
  reportDate: string | Date;
  doctorName: string | null;
  facility: string | null;
  summary: string | null;
  results: ReportResults | null;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface StoreOptions {
  /** The caller's transaction, if any (the plan's check for room runs in it). */
  trx?: Knex.Transaction;
  /** The report's audit row, given the report's id. */
  audit?: (reportId: string) => AuditRow;
  /** The request's Idempotency-Key, marked carried out by the same statement: a retry after a lost answer stores no second report. */
  idempotencyKey?: ClaimedKey;
}

/**
 * Keeps the original and records it with its report. Nothing is half-saved: the document row, its bytes,
 * the report and the report's audit row go in one statement (the others in CTEs), atomic on its own and
 * one round trip where a transaction would take five.
 */
export async function storeDocumentWithReport(document: NewDocument, report: NewReport, options: StoreOptions = {}): Promise<MedicalReport> {
  const { trx, audit, idempotencyKey } = options;
  const knex = trx ?? MedicalReport.knex();
  const id = randomUUID();
  // Named here so the audit row, written in the same statement, can name it.
  const reportId = randomUUID();
  const query = MedicalReport.query(trx);
  if (audit) query.with('audit', auditRowsInsert(knex, [audit(reportId)]));
  if (idempotencyKey) query.with('key_carried_out', keyCompletion(knex, idempotencyKey));
  return query
    .with(
      'document',
      Document.query(trx).insert({
        id,
        userId: document.userId,
        filename: document.filename,
        mimeType: document.mimeType,
        byteSize: document.bytes.length,
        sha256: sha256(document.bytes),
        pages: document.pages,
        extractedText: document.extractedText,
        extraction: document.extraction,
      }),
    )
    .with('original', knex.raw('INSERT INTO document_files (document_id, content) SELECT id, ? FROM document', [document.bytes]))
    .insert({ ...report, id: reportId, userId: document.userId, changedBy: 'document', documentId: raw('(select id from document)'), documentUrl: documentFileUrl(id) })
    .returning('*');
}

/** A document's original, or undefined when it has none. */
export async function readOriginal(documentId: string): Promise<Buffer | undefined> {
  const row = await Document.knex()('document_files').where({ document_id: documentId }).first<{ content: Buffer } | undefined>('content');
  return row?.content;
}

/** Removes a document, and its original with it (when the report made from it is deleted, in that deletion's transaction). */
export async function deleteDocument(documentId: string, trx?: Knex.Transaction): Promise<void> {
  await Document.query(trx).delete().where({ id: documentId });
}

/** A download name a header can carry: no path, no quotes or control characters, the extension of the bytes. */
export function safeFilename(given: string | undefined, extension: string, fallbackStem: string): string {
  const stem = (given ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/\.[^.]*$/, '')
    .replace(/[\p{Cc}"\\;]/gu, '')
    .trim()
    .slice(0, 120);
  return `${stem || fallbackStem}.${extension}`;
}
