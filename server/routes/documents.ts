import type { Router } from '@koa/router';
import { defineRoute } from './define';
import { patientOnly, patientOrDoctor } from '../policies/route-policy';
import { asPatient } from '../policies/actor';
import { recentDocumentsOf } from '../policies/document';
import { documentFor, readerOf } from '../policies/patient-data';
import { presentProcessedDocument, presentRecentDocument } from '../presenters/document';
import { recordAudit, requestRow } from '../services/audit';
import { documentFile, documentProcessingResponse, listOf, pdfProcessingResponse, recentDocumentResponse } from '../presenters/response-schemas';
import { DOCUMENT_TOO_LARGE, NO_TEXT_IN_PDF, processDocument } from '../services/documents/process';
import { DocumentProgressReporter } from '../services/documents/progress';
import { readOriginal } from '../services/documents/storage';
import { reportAbilitiesOf } from '../services/plan';
import { NotFound, ValidationFailed } from '../errors';
import { FETCH_PURPOSE_HEADER, MAX_DOCUMENT_DATA_URL_LENGTH, OFFLINE_COPY } from '../../common/constants';
import { DOCUMENT_KEPT_OFFLINE } from '../presenters/access-history';
import { processImageSchema, processPdfSchema } from '../../common/schemas/misc';
import { UUID_PATTERN } from '../../common/schemas/helpers';
import type { AppContext } from '../context';

/** The JSON around the data URL (its field name, an optional file name) fits in this much more. */
const UPLOAD_BODY = { limitBytes: MAX_DOCUMENT_DATA_URL_LENGTH + 1024, tooLargeMessage: DOCUMENT_TOO_LARGE };

/** The client's name for this upload, so its progress pushes can be told apart; optional. */
function uploadIdOf(ctx: AppContext): string | null {
  const id = ctx.get('X-Upload-Id');
  if (!id) return null;
  if (!UUID_PATTERN.test(id)) throw new ValidationFailed('X-Upload-Id must be a UUID', { 'X-Upload-Id': 'X-Upload-Id must be a UUID' });
  return id;
}

async function processUpload(ctx: AppContext, dataUrl: string, filename: string | undefined) {
  const patient = asPatient(ctx.state.actor);
  const { deps } = ctx;
  const progress = new DocumentProgressReporter(deps.realtime, patient.userId, uploadIdOf(ctx));
  const processed = await processDocument(
    {
      ocr: deps.ocr,
      pdfText: deps.pdfText,
      renderTimeoutMs: deps.config.documents.ocrTimeoutMs,
      progress,
      storageQuota: deps.config.documents.storageQuota,
      virusScanner: deps.config.documents.virusScanner,
    },
    { userId: patient.userId, dataUrl, filename },
    {
      audit: (reportId) => requestRow(ctx, { action: 'document.process', outcome: 'success', resourceType: 'medical_report', resourceId: reportId, patientId: patient.userId }),
      idempotencyKey: ctx.state.idempotencyKey,
    },
  );
  if (!processed.read) {
    await recordAudit(ctx, { action: 'document.unreadable', outcome: 'failure', resourceType: 'document', patientId: patient.userId });
    return { success: false, message: NO_TEXT_IN_PDF };
  }
  const [abilities] = await reportAbilitiesOf(patient.userId, [processed.report]);
  return presentProcessedDocument(processed, abilities!);
}

/** Photos and PDFs read on this server into medical reports; the originals, served to those who may see them. */
export function registerDocumentsRoutes(router: Router): void {
  defineRoute(router, {
    method: 'post',
    path: '/process-medical-document',
    premiumRequired: 'the free plan already holds its reports (refused before any photo or page is read by OCR)',
    summary: 'Read a photo (or a PDF) of a medical document into a saved report',
    policy: patientOnly,
    response: documentProcessingResponse,
    ownBody: UPLOAD_BODY,
    body: processImageSchema,
    handler: (ctx, { body }) => processUpload(ctx, body.imageData, body.filename),
  });

  defineRoute(router, {
    method: 'post',
    path: '/process-pdf-document',
    premiumRequired: 'the free plan already holds its reports (refused before any photo or page is read by OCR)',
    summary: 'Read a PDF (or a photo) of a medical document into a saved report',
    policy: patientOnly,
    response: pdfProcessingResponse,
    ownBody: UPLOAD_BODY,
    body: processPdfSchema,
    handler: (ctx, { body }) => processUpload(ctx, body.pdfData, body.filename),
  });

  defineRoute(router, {
    method: 'get',
    path: '/documents/recent',
    summary: "The patient's latest processed documents, newest first",
    policy: patientOnly,
    response: listOf(recentDocumentResponse),
    handler: async (ctx) => {
      const patient = asPatient(ctx.state.actor);
      const documents = await recentDocumentsOf(patient);
      await recordAudit(ctx, { action: 'document.list', outcome: 'success', resourceType: 'document', patientId: patient.userId });
      return documents.map(presentRecentDocument);
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/documents/:id/file',
    summary: "A document's original, to its owner and to doctors of the owner's consultations",
    policy: patientOrDoctor,
    response: documentFile,
    handler: async (ctx, { params }) => {
      const document = await documentFor(readerOf(ctx), params.id!);
      const original = await readOriginal(document.id);
      if (!original) throw new NotFound('Document not found.');
      const action = ctx.get(FETCH_PURPOSE_HEADER) === OFFLINE_COPY ? DOCUMENT_KEPT_OFFLINE : 'document.read';
      await recordAudit(ctx, { action, outcome: 'success', resourceType: 'document', resourceId: document.id, patientId: document.userId });
      ctx.set('Content-Type', document.mimeType);
      ctx.set('Content-Disposition', `attachment; filename="${document.filename.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(document.filename)}`);
      ctx.set('X-Content-Type-Options', 'nosniff');
      return original;
    },
  });
}
