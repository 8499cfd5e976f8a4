import { Consultation } from '../../../db/models';
import { createPatient, unique } from '../../support/factories';
import type { Fixtures } from './fixtures';
import { ACTORS, ownPatientData, patientAOnly, statuses, type ActorName, type MatrixRow } from './types';

const DAY = 86_400_000;
let nextFreeDay = 60;
/** A day nobody else in this run has booked with the matrix doctors, so no row fails on an overlap. */
const freeSlot = () => new Date(Date.now() + nextFreeDay++ * DAY);

/** A fresh scheduled consultation of patient A's with their doctor, one per call. */
async function freshOfPatientA(fx: Fixtures): Promise<string> {
  const consultation = await Consultation.query().insert({
    patientId: fx.patientA.id,
    doctorId: fx.doctor.id,
    appointmentDate: freeSlot(),
    meetingRoomId: unique('mv-'),
    fee: 5000,
  });
  return consultation.id;
}

/** A patient whose consultation with patient A's doctor ended 40 days ago (outside the access window), one per call. */
async function formerPatientOfDoctor(fx: Fixtures): Promise<string> {
  const patient = await createPatient();
  await Consultation.query().insert({ patientId: patient.record.id, doctorId: fx.doctor.id, appointmentDate: new Date(Date.now() - 40 * DAY), status: 'completed', fee: 5000 });
  return patient.record.id;
}

/** Only patient A's doctor reaches patient A's consultation and records; visitors 401, everyone else 404. */
const treatingDoctorOnly = (ok: number) => statuses(404, { anonymous: 401, doctor: ok });

const booking = (fx: Fixtures, actor: ActorName) => ({
  doctorId: fx.doctor.id,
  // Each actor books its own day, so a patient's 201 is never another patient's overlap.
  appointmentDate: new Date(Date.now() + (30 + ACTORS.indexOf(actor)) * DAY).toISOString(),
  symptoms: 'Matrix symptoms',
});

export const rows: MatrixRow[] = [
  { route: 'GET /api/doctors', expect: statuses(200) },

  { route: 'GET /api/consultations', expect: ownPatientData(200) },
  { route: 'POST /api/consultations', body: booking, expect: ownPatientData(201) },
  { route: 'GET /api/consultations/:id', path: (fx) => `/api/consultations/${fx.patientA.consultationId}`, expect: patientAOnly(200) },
  { route: 'POST /api/consultations/:id/cancel', path: async (fx) => `/api/consultations/${await freshOfPatientA(fx)}/cancel`, expect: patientAOnly(200) },
  {
    route: 'PATCH /api/consultations/:id',
    path: async (fx) => `/api/consultations/${await freshOfPatientA(fx)}`,
    body: () => ({ appointmentDate: freeSlot().toISOString() }),
    expect: patientAOnly(200),
  },

  {
    route: 'GET /api/consultations/:id/chat',
    path: (fx) => `/api/consultations/${fx.patientA.consultationId}/chat`,
    expect: statuses(404, { anonymous: 401, patientA: 200, doctor: 200 }),
  },

  { route: 'GET /api/doctor/patient-count', expect: statuses(404, { anonymous: 401, doctor: 200, otherDoctor: 200, formerDoctor: 200 }) },
  { route: 'GET /api/doctor/consultations', expect: statuses(404, { anonymous: 401, doctor: 200, otherDoctor: 200, formerDoctor: 200 }) },
  { route: 'GET /api/doctor/consultation/:id', path: (fx) => `/api/doctor/consultation/${fx.patientA.consultationId}`, expect: treatingDoctorOnly(200) },
  // The former doctor once treated patient A, but outside the access window their records are refused like a stranger's.
  {
    route: 'GET /api/doctor/patient/:patientId/records',
    path: (fx) => `/api/doctor/patient/${fx.patientA.id}/records`,
    expect: treatingDoctorOnly(200),
  },
  // Asking whether the records are open is no reading of them: the former doctor is told they are closed.
  {
    route: 'GET /api/doctor/patients/:patientId/record-access',
    path: (fx) => `/api/doctor/patients/${fx.patientA.id}/record-access`,
    expect: statuses(404, { anonymous: 401, doctor: 200, formerDoctor: 200 }),
  },
  {
    route: 'POST /api/doctor/patients/:patientId/break-glass',
    path: async (fx) => `/api/doctor/patients/${await formerPatientOfDoctor(fx)}/break-glass`,
    body: () => ({ reason: 'Matrix: follow-up question about an old result' }),
    expect: treatingDoctorOnly(201),
  },
  {
    route: 'PUT /api/doctor/consultation/:id/status',
    path: async (fx) => `/api/doctor/consultation/${await freshOfPatientA(fx)}/status`,
    body: () => ({ status: 'in_progress' }),
    expect: treatingDoctorOnly(200),
  },
];
