import { Appointment, MedicalReport, Medication, Notification } from '../../../db/models';
import { appointmentBody } from '../records-fixtures';
import type { Fixtures } from './fixtures';
import { ownPatientData, patientAOnly, type MatrixRow } from './types';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

/** Fresh records of patient A's, one per call, so a row that changes or deletes one never spoils another. */
const freshOfPatientA = {
  report: async (fx: Fixtures) =>
    (await MedicalReport.query().insert({ userId: fx.patientA.id, title: 'Matrix report', type: 'x_ray', reportDate: new Date() })).id,
  medication: async (fx: Fixtures) =>
    (await Medication.query().insert({ userId: fx.patientA.id, name: 'Matrix medication', dosage: '1mg', frequency: 'once_daily', reminderTimes: ['08:00'] })).id,
  notification: async (fx: Fixtures) =>
    (await Notification.query().insert({ userId: fx.patientA.id, title: 'Matrix', message: 'Matrix notification' })).id,
  appointment: async (fx: Fixtures) =>
    (await Appointment.query().insert({ userId: fx.patientA.id, doctorName: 'Dr. Matrix', specialty: 'Cardiology', facility: 'Clinic', appointmentDate: inDays(3) })).id,
};

const fhirFile = () => ({
  resourceType: 'Bundle',
  type: 'collection',
  entry: [{ resource: { resourceType: 'MedicationStatement', status: 'active', medicationCodeableConcept: { text: 'Matrix medication' }, effectiveDateTime: '2025-01-01' } }],
});
const medication = () => ({ name: 'Matrix medication', dosage: '5mg', frequency: 'once_daily' });
const appointment = () => appointmentBody({ cost: 0 });

export const rows: MatrixRow[] = [
  { route: 'GET /api/medical-reports', expect: ownPatientData(200) },
  // What the caller's own plan lets them do with their reports: any patient, no one else.
  { route: 'GET /api/medical-reports/abilities', expect: ownPatientData(200) },
  // The fixtures' patients are on the free plan: the export is refused them with 402 (the plan's answer, after the policy's).
  { route: 'GET /api/medical-reports/export', expect: ownPatientData(402) },
  // The FHIR export is free: both patients get it.
  { route: 'GET /api/export/fhir', expect: ownPatientData(200) },
  // A FHIR import reads only the caller's file into the caller's records: any patient may, no one else.
  { route: 'POST /api/import/fhir/preview', body: fhirFile, expect: ownPatientData(200) },
  { route: 'POST /api/import/fhir', body: fhirFile, expect: ownPatientData(201) },
  { route: 'GET /api/medical-reports/:id', path: (fx) => `/api/medical-reports/${fx.patientA.reportId}`, expect: patientAOnly(200) },
  { route: 'GET /api/medical-reports/:id/versions', path: (fx) => `/api/medical-reports/${fx.patientA.reportId}/versions`, expect: patientAOnly(200) },
  { route: 'PATCH /api/medical-reports/:id', path: (fx) => `/api/medical-reports/${fx.patientA.reportId}`, body: () => ({ isOfflineAvailable: true }), expect: patientAOnly(200) },
  { route: 'DELETE /api/medical-reports/:id', path: async (fx) => `/api/medical-reports/${await freshOfPatientA.report(fx)}`, expect: patientAOnly(204) },

  { route: 'GET /api/medications', expect: ownPatientData(200) },
  { route: 'POST /api/medications', body: medication, expect: ownPatientData(201) },
  { route: 'PATCH /api/medications/:id', path: async (fx) => `/api/medications/${await freshOfPatientA.medication(fx)}`, body: () => ({ dosage: '2mg' }), expect: patientAOnly(200) },
  { route: 'DELETE /api/medications/:id', path: async (fx) => `/api/medications/${await freshOfPatientA.medication(fx)}`, expect: patientAOnly(204) },

  { route: 'GET /api/notifications', expect: ownPatientData(200) },
  { route: 'PATCH /api/notifications/read-all', expect: ownPatientData(200) },
  { route: 'PATCH /api/notifications/:id/read', path: async (fx) => `/api/notifications/${await freshOfPatientA.notification(fx)}/read`, expect: patientAOnly(200) },

  { route: 'GET /api/appointments', expect: ownPatientData(200) },
  { route: 'POST /api/appointments', body: appointment, expect: ownPatientData(201) },
  {
    route: 'PATCH /api/appointments/:id',
    path: async (fx) => `/api/appointments/${await freshOfPatientA.appointment(fx)}`,
    body: () => ({ appointmentDate: inDays(6).toISOString() }),
    expect: patientAOnly(200),
  },
  {
    route: 'PATCH /api/appointments/:id/reminder',
    path: async (fx) => `/api/appointments/${await freshOfPatientA.appointment(fx)}/reminder`,
    body: () => ({ reminderEnabled: true }),
    expect: patientAOnly(200),
  },
  { route: 'DELETE /api/appointments/:id', path: async (fx) => `/api/appointments/${await freshOfPatientA.appointment(fx)}`, expect: patientAOnly(204) },

  { route: 'GET /api/dashboard-summary', expect: ownPatientData(200) },
  { route: 'POST /api/medical-summary', expect: ownPatientData(200) },
];
