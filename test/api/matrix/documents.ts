import { documentFileUrl } from '../../../server/services/documents/storage';
import { insertDocumentWithOriginal } from '../../support/stored-documents';
import type { Fixtures } from './fixtures';
import { ownPatientData, statuses, type MatrixRow } from './types';

/** A stored original of patient A's: its owner and their doctor read it; visitors 401, everyone else 404. */
async function documentOfPatientA(fx: Fixtures): Promise<string> {
  const document = await insertDocumentWithOriginal({ userId: fx.patientA.id, filename: 'matrix.pdf', mimeType: 'application/pdf' }, Buffer.from('%PDF-1.4 matrix'));
  return document.id;
}

/** Bytes that are no document: a patient gets as far as the type check (415), nobody else past the policy. */
const notADocument = 'data:image/png;base64,AAAAAAAAAAAAAAAA';

export const rows: MatrixRow[] = [
  { route: 'POST /api/process-medical-document', body: () => ({ imageData: notADocument }), expect: ownPatientData(415) },
  { route: 'POST /api/process-pdf-document', body: () => ({ pdfData: notADocument }), expect: ownPatientData(415) },
  { route: 'GET /api/documents/recent', expect: ownPatientData(200) },
  {
    route: 'GET /api/documents/:id/file',
    path: async (fx) => documentFileUrl(await documentOfPatientA(fx)),
    expect: statuses(404, { anonymous: 401, patientA: 200, doctor: 200 }),
  },
  {
    route: 'POST /api/medical-reports',
    body: () => ({ title: 'Matrix report', type: 'blood_work', reportDate: new Date().toISOString() }),
    expect: ownPatientData(201),
  },
];
