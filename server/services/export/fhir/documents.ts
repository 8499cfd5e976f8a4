import type { Document, MedicalReport } from '../../../../db/models';
import { documentFileUrl } from '../../documents/storage';
import type { Attachment, DocumentReference, WithId } from './types';
import { referenceTo } from './references';
import { instant } from './values';

/** Where the original is downloaded (with the patient's session): the export never carries its bytes. */
export function attachmentOf(document: Document, origin: string): Attachment {
  return {
    contentType: document.mimeType,
    url: `${origin}${documentFileUrl(document.id)}`,
    title: document.filename,
    size: document.byteSize,
    creation: instant(document.createdAt),
  };
}

/** A stored original (scan or PDF), pointing to the reports read from it. */
export function documentReference(document: Document, origin: string, readInto: readonly MedicalReport[]): WithId<DocumentReference> {
  return {
    resourceType: 'DocumentReference',
    id: document.id,
    status: 'current',
    subject: referenceTo(document.userId),
    date: instant(document.createdAt),
    content: [{ attachment: attachmentOf(document, origin) }],
    context: readInto.length ? { related: readInto.map((report) => referenceTo(report.id)) } : undefined,
  };
}
