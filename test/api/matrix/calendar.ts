import { Appointment } from '../../../db/models';
import { issueFeedToken } from '../../../server/services/calendar/feed';
import type { Fixtures } from './fixtures';
import { ownPatientData, patientAOnly, statuses, type MatrixRow } from './types';

const appointmentOfPatientA = async (fx: Fixtures) =>
  (await Appointment.query().insert({ userId: fx.patientA.id, doctorName: 'Dr. Matrix', specialty: 'Cardiology', facility: 'Clinic', appointmentDate: new Date(Date.now() + 3 * 86_400_000) })).id;

export const rows: MatrixRow[] = [
  { route: 'GET /api/appointments/:id/calendar.ics', path: async (fx) => `/api/appointments/${await appointmentOfPatientA(fx)}/calendar.ics`, expect: patientAOnly(200) },
  { route: 'GET /api/consultations/:id/calendar.ics', path: (fx) => `/api/consultations/${fx.patientA.consultationId}/calendar.ics`, expect: patientAOnly(200) },
  { route: 'GET /api/calendar/feed', expect: ownPatientData(200) },
  { route: 'POST /api/calendar/feed', body: () => ({ timeZone: 'Europe/London' }), expect: ownPatientData(201) },
  { route: 'DELETE /api/calendar/feed', expect: ownPatientData(204) },
  // No session: the secret address is the key, whoever holds it (a calendar program).
  {
    route: 'GET /api/calendar/feed/:token.ics',
    path: async (fx) => `/api/calendar/feed/${(await issueFeedToken(fx.patientA.id, 'UTC')).token}.ics`,
    expect: statuses(200),
  },
];
