import { RECENT_DOCUMENTS_LIMIT } from '../../common/constants';
import { Document } from '../../db/models';
import type { PatientActor } from './actor';

/** A patient reaches only their own stored originals (a doctor reaches one through patient-data.ts documentFor). */
export const documentsOf = (patient: PatientActor) => Document.query().where('documents.userId', patient.userId);

/** The patient's latest documents with the reports made from them, newest first. */
export const recentDocumentsOf = (patient: PatientActor) =>
  documentsOf(patient)
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(RECENT_DOCUMENTS_LIMIT)
    .withGraphFetched('reports(titles)')
    .modifiers({ titles: (query) => query.select('id', 'documentId', 'title', 'createdAt').orderBy('createdAt') });
