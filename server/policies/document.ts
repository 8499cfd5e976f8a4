import { RECENT_DOCUMENTS_LIMIT } from '../../common/constants';
import { Document } from '../../db/models';
import { NotFound } from '../errors';
import type { Actor, PatientActor } from './actor';
import { assertDoctorTreatsPatient } from './patient-records';

const notFound = () => new NotFound('Document not found.');

/**
 * A stored original is read by its owner, and by a doctor while the owner has a consultation with them
 * that was not cancelled (the reach they have to the patient's records). Anyone else: 404.
 */
export async function findReadableDocument(actor: Actor, id: string): Promise<Document> {
  const document = await Document.query().findById(id);
  if (!document) throw notFound();
  if (actor.kind === 'patient' && document.userId === actor.userId) return document;
  if (actor.kind === 'doctor') {
    await assertDoctorTreatsPatient(actor, document.userId).catch((err: unknown) => {
      throw err instanceof NotFound ? notFound() : err;
    });
    return document;
  }
  throw notFound();
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
