import { createHash, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { raw } from 'objection';
import { Document, MedicalReport } from '../../../db/models';
import type { JsonObject, ReportResults } from '../../../db/models/types';
import type { ReportStatus, ReportType } from '../../../common/constants';
import { auditRowsInsert, type AuditRow } from '../audit';

/** Where a report's Download fetches its original (contract point 5). */
export const documentFileUrl = (documentId: string) => `/api/documents/${documentId}/file`;

/** The original's path on disk: storage keys are relative to the data directory. */
export const documentPath = (dataDir: string, storageKey: string) => path.join(dataDir, storageKey);

export interface NewDocument {
  userId: string;
  filename: string;
  mimeType: string;
  extension: string;
  bytes: Buffer;
  pages: number;
  extractedText: string | null;
  extraction: JsonObject | null;
}

export interface NewReport {
  title: string;
  type: ReportType;
  status: ReportStatus;
  reportDate: string | Date;
  doctorName: string | null;
  facility: string | null;
  summary: string | null;
  results: ReportResults | null;
}

/** Writes an original under `<dataDir>/documents/<user>/<document>.<extension>`; answers its storage key. */
export async function writeOriginal(dataDir: string, userId: string, documentId: string, extension: string, bytes: Uint8Array): Promise<string> {
  const storageKey = path.posix.join('documents', userId, `${documentId}.${extension}`);
  const file = documentPath(dataDir, storageKey);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, bytes, { mode: 0o600 });
  return storageKey;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** An original being written to disk while its document is still read: saved with its report, or discarded. */
export interface PendingOriginal {
  id: string;
  /** Its storage key once on disk; rejects if it could not be written. */
  written: Promise<string>;
  /** Removes the file (once any write in progress has ended). */
  discard(): Promise<void>;
}

export function startWritingOriginal(dataDir: string, userId: string, extension: string, bytes: Uint8Array): PendingOriginal {
  const id = randomUUID();
  const written = writeOriginal(dataDir, userId, id, extension, bytes);
  // Awaited where the report is saved; a read that fails first must not leave a rejection unheard.
  written.catch(() => undefined);
  return {
    id,
    written,
    discard: async () => {
      const storageKey = await written.catch(() => null);
      if (storageKey) await rm(documentPath(dataDir, storageKey), { force: true });
    },
  };
}

export interface StoreOptions {
  /** The caller's transaction, if any (the plan's check for room runs in it). */
  trx?: Knex.Transaction;
  /** The original's file, when its writing began earlier. */
  original?: PendingOriginal;
  /** The report's audit row, given the report's id. */
  audit?: (reportId: string) => AuditRow;
}

/**
 * Keeps the original and records it with its report. Nothing is half-saved: the document row, the report
 * and the report's audit row go in one statement (the document and the audit row in CTEs), atomic on its
 * own and one round trip where a transaction would take four; if it fails, the file written for it is removed.
 */
export async function storeDocumentWithReport(dataDir: string, document: NewDocument, report: NewReport, options: StoreOptions = {}): Promise<MedicalReport> {
  const { trx, audit } = options;
  const original = options.original ?? startWritingOriginal(dataDir, document.userId, document.extension, document.bytes);
  const { id } = original;
  // Named here so the audit row, written in the same statement, can name it.
  const reportId = randomUUID();
  try {
    const storageKey = await original.written;
    const query = MedicalReport.query(trx);
    if (audit) query.with('audit', auditRowsInsert(trx ?? MedicalReport.knex(), [audit(reportId)]));
    return await query
      .with(
        'document',
        Document.query(trx).insert({
          id,
          userId: document.userId,
          filename: document.filename,
          mimeType: document.mimeType,
          byteSize: document.bytes.length,
          sha256: sha256(document.bytes),
          storageKey,
          pages: document.pages,
          extractedText: document.extractedText,
          extraction: document.extraction,
        }),
      )
      .insert({ ...report, id: reportId, userId: document.userId, changedBy: 'document', documentId: raw('(select id from document)'), documentUrl: documentFileUrl(id) })
      .returning('*');
  } catch (err) {
    await original.discard();
    throw err;
  }
}

/** Removes a document and its original (when the report made from it is deleted). */
export async function deleteDocument(dataDir: string, documentId: string): Promise<void> {
  const [removed] = await Document.query().delete().where({ id: documentId }).returning('storageKey');
  if (removed) await rm(documentPath(dataDir, removed.storageKey), { force: true });
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
