import { SupportRequest } from '../../../db/models';
import type { Fixtures } from './fixtures';
import { ownPatientData, patientAOnly, statuses, type MatrixRow } from './types';

/** A fresh support request of patient A's, one per call, so answering never meets one already answered. */
async function freshRequestOfPatientA(fx: Fixtures): Promise<string> {
  return (await SupportRequest.query().insert({ userId: fx.patientA.id, subject: 'Matrix question', message: 'How do I export?', priority: false })).id;
}

/** The support queue is the admin's alone: everyone else, visitors included, gets 403. */
const adminOnly = (ok: number) => statuses(403, { admin: ok });

export const rows: MatrixRow[] = [
  { route: 'POST /api/support-requests', body: () => ({ subject: 'Matrix', message: 'A question' }), expect: ownPatientData(201) },
  { route: 'GET /api/support-requests', expect: ownPatientData(200) },
  { route: 'GET /api/support-requests/:id', path: async (fx) => `/api/support-requests/${await freshRequestOfPatientA(fx)}`, expect: patientAOnly(200) },
  { route: 'GET /api/admin/support-requests', expect: adminOnly(200) },
  {
    route: 'POST /api/admin/support-requests/:id/answer',
    path: async (fx) => `/api/admin/support-requests/${await freshRequestOfPatientA(fx)}/answer`,
    body: () => ({ answer: 'Reports, then Export PDF.' }),
    expect: adminOnly(200),
  },
];
