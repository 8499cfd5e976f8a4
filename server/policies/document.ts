import { RECENT_DOCUMENTS_LIMIT } from '../../common/constants';
import { Document } from '../../db/models';
import { RefusedAccess } from '../errors';
import type { Actor, PatientActor } from './actor';
import { assertDoctorMayReadRecords } from './patient-records';

const refused = (id: string, owner?: string) => new RefusedAccess('Document not found.', { resourceType: 'document', resourceId: id, patientId: owner });

/**
 * A stored original is read by its owner, and by a doctor while they may read the owner's records (see
 * patient-records.ts: the access window or a break-glass grant). Anyone else: 404, audited as a refusal.
 */
export async function findReadableDocument(actor: Actor, id: string, doctorWindowMs: number): Promise<Document> {
  const document = await Document.query().findById(id);
  if (!document) throw refused(id);
  if (actor.kind === 'patient' && document.userId === actor.userId) return document;
  if (actor.kind === 'doctor') {
    await assertDoctorMayReadRecords(actor, document.userId, doctorWindowMs).catch((err: unknown) => {
      throw err instanceof RefusedAccess ? refused(id, document.userId) : err;
    });
    return document;
  }
  throw refused(id, document.userId);
}

/** The patient's latest documents with the reports made from them, newest first. */
export const recentDocumentsOf = (patient: PatientActor) =>
  Document.query()
    .where('documents.userId', patient.userId)
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(RECENT_DOCUMENTS_LIMIT)
    .withGraphFetched('reports(titles)')
    .modifiers({ titles: (query) => query.select('id', 'documentId', 'title', 'createdAt').orderBy('createdAt') });
