import { ownPatientData, patientAOnly, statuses, type MatrixRow } from './types';

const notACredential = () => ({ credential: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {} } });

export const rows: MatrixRow[] = [
  { route: 'GET /api/passkeys', expect: ownPatientData(200) },
  { route: 'POST /api/passkeys/registration/options', expect: ownPatientData(200) },
  // No registration was started in these sessions: a patient reaches validation (400), nobody else gets that far.
  { route: 'POST /api/passkeys/registration', body: notACredential, expect: ownPatientData(400) },
  { route: 'DELETE /api/passkeys/:id', path: async (fx) => `/api/passkeys/${await fx.newPasskeyOfPatientA()}`, expect: patientAOnly(204) },
  { route: 'POST /api/passkeys/authentication/options', expect: statuses(200) },
  // A fresh session holds no sign-in challenge, so everyone reaches validation: 400.
  { route: 'POST /api/passkeys/authentication', body: notACredential, expect: statuses(400), freshSession: true },
];
