import { ownPatientData, patientAOnly, statuses, type MatrixRow } from './types';

/**
 * The matrix server has no Stripe keys: where a patient gets through, the payment endpoints answer 503
 * (test/api/payments.test.ts covers them with keys, against a stand-in for Stripe's API).
 */
export const rows: MatrixRow[] = [
  // Doctors read it too: payment badges show only where payments are taken.
  { route: 'GET /api/payments/config', expect: statuses(200, { anonymous: 401, guest: 404 }) },
  { route: 'POST /api/create-payment-intent', body: () => ({ plan: 'monthly' }), expect: ownPatientData(503) },
  { route: 'GET /api/subscription', expect: ownPatientData(200) },
  { route: 'POST /api/subscription/sync', expect: ownPatientData(503) },
  // Granted, then ended again by the row after it, so later rows meet free patients.
  { route: 'POST /api/test/grant-premium', expect: ownPatientData(200) },
  { route: 'POST /api/subscription/cancel', expect: ownPatientData(200) },
  { route: 'POST /api/consultations/:id/payment', path: (fx) => `/api/consultations/${fx.patientA.consultationId}/payment`, expect: patientAOnly(503) },
  { route: 'POST /api/consultations/:id/payment/sync', path: (fx) => `/api/consultations/${fx.patientA.consultationId}/payment/sync`, expect: patientAOnly(503) },
  // Stripe calls it without a session; the signature, not a policy, decides.
  { route: 'POST /api/webhooks/stripe', body: () => ({ id: 'evt_matrix' }), expect: statuses(503) },
];
