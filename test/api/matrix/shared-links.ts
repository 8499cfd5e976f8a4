import type { Fixtures } from './fixtures';
import { ownPatientData, patientAOnly, statuses, type MatrixRow } from './types';
import { downloadOfNewLink, encryptFile, insertSharedLink, newKey } from '../shared-links-fixtures';

const shareBody = async () => ({ label: 'Matrix link', expiresInDays: 7, file: { contentType: 'application/fhir+json', jwe: await encryptFile({ resourceType: 'Bundle' }, newKey()) } });

// Made once: a row's body is built synchronously.
const body = await shareBody();

export const rows: MatrixRow[] = [
  { route: 'POST /api/shared-links', body: () => body, expect: ownPatientData(201) },
  { route: 'GET /api/shared-links', expect: ownPatientData(200) },
  { route: 'DELETE /api/shared-links/:id', path: async (fx: Fixtures) => `/api/shared-links/${(await insertSharedLink(fx.patientA.id)).link.id}`, expect: patientAOnly(204) },
  // No account: the link's address is the key, whoever holds it (any SMART Health Links receiver). A fresh link each.
  { route: 'POST /api/shl/:token', path: async (fx) => `/api/shl/${(await insertSharedLink(fx.patientA.id)).token}`, body: () => ({ recipient: 'Matrix clinic' }), expect: statuses(200) },
  { route: 'GET /api/shl/:token', path: async (fx) => `/api/shl/${(await insertSharedLink(fx.patientA.id, { flag: 'U' })).token}?recipient=Matrix`, expect: statuses(200) },
  { route: 'GET /api/shl/files/:download', path: async (fx) => `/api/shl/files/${await downloadOfNewLink(fx.patientA.id)}`, expect: statuses(200) },
];
