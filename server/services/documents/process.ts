import type { Knex } from 'knex';
import { MAX_DOCUMENT_BYTES } from '../../../common/constants';
import type { JsonObject } from '../../../db/models/types';
import type { MedicalReport } from '../../../db/models';
import { PayloadTooLarge, ServiceUnavailable, Unprocessable } from '../../errors';
import { extractDocument, type DocumentExtraction } from './extraction';
import { prepareImage, UNREADABLE_DOCUMENT } from './image';
import { hasDocumentText } from './document-text';
import { OcrPoolClosed, OcrTimeout, type OcrPool, type OcrReading } from './ocr-pool';
import { hasTextLayer, PageRenderer, readPdfText, type PdfTextPool } from './pdf';
import type { DocumentProgressReporter } from './progress';
import type { DocumentKind } from './sniff';
import { safeFilename, storeDocumentWithReport } from './storage';
import { requireStorageRoom, storeWithinQuota, type StorageQuota } from './storage-quota';
import { acceptedKind } from './upload-allowlist';
import { assertNoVirus, type VirusScanSettings } from './virus-scan';
import { requireRoomForReport, withRoomForReport, type ReportRoom } from '../plan';
import type { AuditRow } from '../audit';
import type { ClaimedKey } from '../idempotency';
import { ThreadPoolClosed } from '../thread-pool';
import { accountTimeZone } from '../account-time-zone';
import { dayIn, midnightIn } from '../calendar/zoned-time';

export const DOCUMENT_TOO_LARGE = `The document is too large: at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB. Take the photo at a lower resolution or split the PDF.`;
const OCR_TOO_SLOW = 'Unable to process the medical document: reading it took too long. Please try again with a clearer photo.';
const SHUTTING_DOWN = 'The server is restarting. Please try again in a moment.';
export const NO_TEXT_IN_PDF = 'No text could be read from this PDF: it has no text layer and no page could be read. Please use the camera to take a photo of your document instead.';

interface DocumentProcessingDeps {
  ocr: OcrPool;
  pdfText: PdfTextPool;
  /** Longest one PDF page may take to draw for OCR. */
  renderTimeoutMs: number;
  progress: DocumentProgressReporter;
  storageQuota: StorageQuota;
  /** Absent, uploads are not scanned for viruses. */
  virusScanner?: VirusScanSettings;
}

interface Upload {
  userId: string;
  /** The data URL as sent; its declared media type is ignored. */
  dataUrl: string;
  filename?: string;
}

export type ProcessedDocument =
  | { read: true; report: MedicalReport; pages: number; extraction: DocumentExtraction; text: string }
  | { read: false };

/** The bytes of a base64 data URL, refused before decoding when they would exceed the limit. */
function decodeDataUrl(dataUrl: string): Buffer {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  if (Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0) > MAX_DOCUMENT_BYTES) {
    throw new PayloadTooLarge(DOCUMENT_TOO_LARGE);
  }
  return Buffer.from(base64, 'base64');
}

/** OCR failures as the patient should hear them. */
async function ocr(deps: DocumentProcessingDeps, image: Buffer, onProgress: (fraction: number) => void): Promise<OcrReading> {
  try {
    return await deps.ocr.recognize(image, onProgress);
  } catch (err) {
    if (err instanceof OcrTimeout) throw new Unprocessable(OCR_TOO_SLOW);
    if (err instanceof OcrPoolClosed) throw new ServiceUnavailable(SHUTTING_DOWN);
    throw new Unprocessable(UNREADABLE_DOCUMENT);
  }
}

/** A PDF's text layer, or the pages read from it, hold words (OCR'd pages are judged by hasDocumentText). */
const hasWords = (text: string) => /[\p{L}]{2}/u.test(text);

/**
 * The plan's early answer (see processDocument): awaited before any costly work (image preparation, page
 * rendering, OCR), so a free plan that is full pays for none of it.
 */
type RoomAsked = Promise<ReportRoom>;

async function readImage(deps: DocumentProcessingDeps, bytes: Buffer, room: RoomAsked): Promise<{ text: string; pages: number }> {
  await room;
  const prepared = await prepareImage(bytes);
  deps.progress.report('preparing', 1);
  const reading = await ocr(deps, prepared, (fraction) => deps.progress.report('reading', fraction, 0, 1));
  deps.progress.report('reading', 1, 1, 1);
  // A frame with no document in it is refused here, before anything is saved or counted.
  if (!hasDocumentText(reading)) throw new Unprocessable(UNREADABLE_DOCUMENT);
  return { text: reading.text, pages: 1 };
}

/** A scanned page of a PDF: one that cannot be read, or holds no document text, is left empty for the others to be read. */
async function ocrPage(deps: DocumentProcessingDeps, image: Buffer, onProgress: (fraction: number) => void): Promise<string> {
  try {
    const reading = await ocr(deps, image, onProgress);
    return hasDocumentText(reading) ? reading.text : '';
  } catch (err) {
    if (err instanceof Unprocessable) return '';
    throw err;
  }
}

/**
 * The text layer of every page, read in the pool's thread; pages without one are then rendered and read
 * by OCR, one after another. A page that cannot be read is left empty.
 */
async function readPdf(deps: DocumentProcessingDeps, bytes: Buffer, room: RoomAsked): Promise<{ text: string; pages: number }> {
  let pages = 0;
  let read = 0;
  const readable: boolean[] = [];
  const layers = await readPdfText(deps.pdfText, bytes, {
    opened: (count) => {
      pages = count;
      deps.progress.report('preparing', 1, 0, pages);
    },
    page: (pageNumber, text) => {
      readable[pageNumber - 1] = hasTextLayer(text);
      if (readable[pageNumber - 1]) deps.progress.report('reading', ++read / pages, read, pages);
    },
  }).catch((err: Error) => {
    throw err instanceof ThreadPoolClosed ? new ServiceUnavailable(SHUTTING_DOWN) : err;
  });
  const renderer = new PageRenderer(bytes, deps.renderTimeoutMs);
  try {
    const texts: string[] = [];
    for (const [index, layer] of layers.entries()) {
      if (readable[index]) {
        texts.push(layer);
        continue;
      }
      await room;
      const image = await renderer.render(index + 1);
      texts.push(image ? await ocrPage(deps, image, (fraction) => deps.progress.report('reading', (read + fraction) / pages, read, pages)) : '');
      deps.progress.report('reading', ++read / pages, read, pages);
    }
    return { text: texts.map((text) => text.trim()).join('\n\n'), pages };
  } finally {
    await renderer.close();
  }
}

/** The upload's bytes and what they are, refused (413, 415) when too large or not exactly one allowed kind. */
function decodeUpload(dataUrl: string): { bytes: Buffer; kind: DocumentKind } {
  const bytes = decodeDataUrl(dataUrl);
  if (bytes.length > MAX_DOCUMENT_BYTES) throw new PayloadTooLarge(DOCUMENT_TOO_LARGE);
  return { bytes, kind: acceptedKind(bytes) };
}

/** The plan's room for one more report, and for this original in the plan's storage quota (both early answers). */
async function roomForUpload(deps: DocumentProcessingDeps, userId: string, size: number): Promise<ReportRoom> {
  const plan = await requireRoomForReport(userId);
  await requireStorageRoom({ userId, size, quota: deps.storageQuota, plan });
  return plan;
}

interface Reading {
  upload: Upload;
  bytes: Buffer;
  kind: DocumentKind;
  text: string;
  pages: number;
  room: ReportRoom;
}

/** What the request saves with the report a document becomes: its audit row (given the report's id), and its Idempotency-Key when it has one. */
interface DocumentSaving {
  audit: (reportId: string) => AuditRow;
  idempotencyKey?: ClaimedKey;
}

/** What was read becomes the report: extraction, then the original's row, the report and its audit row in one statement. */
async function saveAsReport(deps: DocumentProcessingDeps, { upload, bytes, kind, text, pages, room }: Reading, { audit, idempotencyKey }: DocumentSaving): Promise<ProcessedDocument> {
  deps.progress.report('extracting', 0, pages, pages);
  const extraction = extractDocument(text);
  deps.progress.report('saving', 0, pages, pages);
  const { report: draft, results } = extraction;
  const timeZone = await accountTimeZone(upload.userId);
  const today = dayIn(new Date(), timeZone);
  const document = {
    userId: upload.userId,
    filename: safeFilename(upload.filename, kind.extension, `${kind.kind === 'pdf' ? 'document' : 'scan'}-${today}`),
    mimeType: kind.mimeType,
    bytes,
    pages,
    extractedText: text,
    extraction: { structuredRecord: extraction.structuredRecord, medicationsFound: extraction.medicationsFound, sources: extraction.sources } as unknown as JsonObject,
  };
  const newReport = { ...draft, reportDate: midnightIn(draft.reportDate ?? today, timeZone), results: Object.keys(results).length ? (results as unknown as JsonObject) : null };
  const storage = { userId: upload.userId, size: bytes.length, quota: deps.storageQuota, plan: room };
  const save = (trx?: Knex.Transaction) => storeWithinQuota(storage, (transaction) => storeDocumentWithReport(document, newReport, { trx: transaction, audit, idempotencyKey }), trx);
  // Premium has no report limit and may add any type: its save needs neither the plan's lock nor its checks
  // (only the storage quota's), and an upload begun under Premium is kept even if the subscription ends while it is read.
  const report = room === 'premium' ? await save() : await withRoomForReport(upload.userId, draft.type, save);
  deps.progress.report('saving', 1, pages, pages);
  return { read: true, report, pages, extraction, text };
}

/**
 * Reads an uploaded photo or PDF and keeps it as a medical report: size limits, type from the bytes (the
 * allowlist), the plan's room for one more report and for the original in its storage quota, the virus
 * scan when one is set, image preparation, OCR or the PDF's text layer, extraction, then the original, its
 * report and the report's audit row saved together (where the plan's room and the quota are checked again,
 * under the user's locks). A PDF in which nothing could be read answers `{ read: false }` and saves nothing.
 * Waits overlap work: the plan is asked while the upload is scanned and a PDF's text layer read (which
 * costs about what the question does).
 */
export async function processDocument(deps: DocumentProcessingDeps, upload: Upload, saving: DocumentSaving): Promise<ProcessedDocument> {
  const { bytes, kind } = decodeUpload(upload.dataUrl);
  const room = roomForUpload(deps, upload.userId, bytes.length);
  // Awaited wherever the upload goes next; an upload refused first must not leave the answer unheard.
  room.catch(() => undefined);
  await assertNoVirus(deps.virusScanner, bytes);
  deps.progress.report('preparing', 0);
  const { text, pages } = kind.kind === 'pdf' ? await readPdf(deps, bytes, room) : await readImage(deps, bytes, room);
  if (!hasWords(text)) return { read: false };
  return saveAsReport(deps, { upload, bytes, kind, text, pages, room: await room }, saving);
}
