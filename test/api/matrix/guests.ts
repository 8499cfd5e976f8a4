import { Consultation } from '../../../db/models';
import { unique } from '../../support/factories';
import type { Fixtures } from './fixtures';
import { statuses, type ActorName, type MatrixRow } from './types';

const DAY = 86_400_000;
let nextFreeDay = 400;

/** A fresh scheduled consultation of patient A's with their doctor, one per call, so no row uses up its guest places. */
async function freshOfPatientA(fx: Fixtures): Promise<string> {
  const consultation = await Consultation.query().insert({
    patientId: fx.patientA.id,
    doctorId: fx.doctor.id,
    appointmentDate: new Date(Date.now() + nextFreeDay++ * DAY),
    meetingRoomId: unique('mv-'),
  });
  return consultation.id;
}

/** Patient A's consultation's sides: patient A and their doctor; visitors 401, everyone else (a guest too) 404. */
const sidesOfPatientA = (ok: number) => statuses(404, { anonymous: 401, patientA: ok, doctor: ok });

const guestsPath = (fx: Fixtures, guestId: string) => `/api/consultations/${fx.patientA.consultationId}/guests/${guestId}`;
const asPatientA = (fx: Fixtures) => ({ kind: 'patient' as const, userId: fx.patientA.id, name: 'Matrix Patient' });

/** The check row's link: made with the first actor's path, read by every body. */
let checkedToken: string | undefined;

/** The join row's links, one per actor: made with its path, read by its body. */
const joinTokens = new Map<ActorName, string>();

export const rows: MatrixRow[] = [
  { route: 'GET /api/consultations/:id/guests', path: (fx) => `/api/consultations/${fx.patientA.consultationId}/guests`, expect: sidesOfPatientA(200) },
  { route: 'POST /api/consultations/:id/guests', path: async (fx) => `/api/consultations/${await freshOfPatientA(fx)}/guests`, expect: sidesOfPatientA(201) },
  {
    route: 'POST /api/consultations/:id/guests/:guestId/approval',
    path: async (fx) => `${guestsPath(fx, (await fx.newGuestLink({ by: asPatientA(fx) })).guestId)}/approval`,
    expect: statuses(404, { anonymous: 401, doctor: 200 }),
  },
  { route: 'DELETE /api/consultations/:id/guests/:guestId', path: async (fx) => guestsPath(fx, (await fx.newGuestLink()).guestId), expect: sidesOfPatientA(200) },
  // Anyone may check a guest link before opening it (it stays unused, so one serves every actor).
  {
    route: 'POST /api/guest/link',
    path: async (fx) => {
      checkedToken ??= (await fx.newGuestLink()).token;
      return '/api/guest/link';
    },
    body: () => ({ token: checkedToken }),
    expect: statuses(200),
  },
  // Anyone may open a guest link; a fresh browser each, so no shared session becomes a guest's.
  {
    route: 'POST /api/guest/join',
    path: async (fx, actor) => {
      joinTokens.set(actor, (await fx.newGuestLink()).token);
      return '/api/guest/join';
    },
    body: (_fx, actor) => ({ token: joinTokens.get(actor), name: 'Matrix Guest' }),
    expect: statuses(201),
    freshSession: true,
  },
  { route: 'GET /api/guest/session', expect: statuses(404, { anonymous: 401, guest: 200 }) },
];
