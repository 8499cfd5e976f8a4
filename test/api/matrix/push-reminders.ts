import { randomBytes } from 'node:crypto';
import { Medication, MedicationReminder } from '../../../db/models';
import type { Fixtures } from './fixtures';
import { ownPatientData, patientAOnly, statuses, type MatrixRow } from './types';

/** A dose of a fresh medication of patient A's, one per call. */
async function freshDoseOfPatientA(fx: Fixtures): Promise<string> {
  const medication = await Medication.query().insert({ userId: fx.patientA.id, name: 'Matrix medication', dosage: '1mg', frequency: 'once_daily', reminderTimes: ['08:00'] });
  return (await MedicationReminder.query().insert({ medicationId: medication.id, userId: fx.patientA.id, scheduledTime: new Date() })).id;
}

const subscription = () => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`,
  keys: { p256dh: randomBytes(65).toString('base64url'), auth: randomBytes(16).toString('base64url') },
});

export const rows: MatrixRow[] = [
  { route: 'GET /api/push/public-key', expect: ownPatientData(200) },
  { route: 'POST /api/push/subscribe', body: subscription, expect: ownPatientData(204) },
  { route: 'POST /api/push/unsubscribe', body: () => ({ endpoint: subscription().endpoint }), expect: ownPatientData(204) },
  { route: 'GET /api/medication-reminders', expect: ownPatientData(200) },
  {
    route: 'PATCH /api/medication-reminders/:id',
    path: async (fx) => `/api/medication-reminders/${await freshDoseOfPatientA(fx)}`,
    body: () => ({ status: 'skipped' }),
    expect: patientAOnly(200),
  },
  {
    route: 'GET /api/doctor/consultation/:id/medication-log',
    // The former doctor asks through their own consultation with patient A: it is theirs, the window is not open.
    path: (fx, actor) => `/api/doctor/consultation/${actor === 'formerDoctor' ? fx.formerDoctor.consultationId : fx.patientA.consultationId}/medication-log`,
    expect: statuses(404, { anonymous: 401, doctor: 200 }),
  },
  { route: 'PUT /api/auth/time-zone', body: () => ({ timeZone: 'Europe/Paris' }), expect: ownPatientData(200) },
];
