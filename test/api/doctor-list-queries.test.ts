import { startTestServer, type TestServer } from '../support/app';
import { createPatient } from '../support/factories';
import { createLogger } from '../../server/log';
import { CapturedLines } from '../support/captured-log';
import { BreakGlassGrant, Consultation, type Doctor } from '../../db/models';
import type { ConsultationStatus } from '../../common/constants';
import type { DoctorConsultation } from '../../common/api-types';
import { doctorParty, type Party } from './consultations-fixtures';

/**
 * Issue 36: the doctor's consultation list tells, for each patient on the page, what the doctor may do with
 * their records (canReadRecords, canBreakGlass), in a fixed number of database queries however many patients
 * it shows (counted by the request log's query count), and right for each patient.
 */
let server: TestServer;
const captured = new CapturedLines();
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startTestServer({}, { logger: createLogger('info', captured) });
});
afterAll(() => server.close());

type Standing = 'inCare' | 'closed' | 'breakGlass' | 'cancelledOnly';

const ABILITIES: Record<Standing, Pick<DoctorConsultation, 'canReadRecords' | 'canBreakGlass'>> = {
  inCare: { canReadRecords: true, canBreakGlass: false },
  closed: { canReadRecords: false, canBreakGlass: true },
  breakGlass: { canReadRecords: true, canBreakGlass: false },
  cancelledOnly: { canReadRecords: false, canBreakGlass: false },
};

/** A patient of the doctor's in the given standing; answers the patient's id. */
async function patientOf(doctor: Party<Doctor>, standing: Standing): Promise<string> {
  const patient = (await createPatient()).record.id;
  const doctorId = doctor.account.record.id;
  // In care: booked for tomorrow. Otherwise seen 40 days ago, outside the 30-day access window.
  const daysFromNow = standing === 'inCare' ? 1 : -40;
  const status: ConsultationStatus = standing === 'cancelledOnly' ? 'cancelled' : standing === 'inCare' ? 'scheduled' : 'completed';
  await Consultation.query().insert({ patientId: patient, doctorId, appointmentDate: new Date(Date.now() + daysFromNow * DAY), duration: 30, status, consultationType: 'video', fee: 5000 });
  if (standing === 'breakGlass') await BreakGlassGrant.query().insert({ doctorId, patientId: patient, reason: 'The patient phoned with new symptoms.', expiresAt: new Date(Date.now() + DAY) });
  return patient;
}

/** The list as the doctor reads it, and how many queries answering it took. */
async function listWithQueryCount(doctor: Party<Doctor>) {
  const before = captured.lines.length;
  const res = await doctor.client.get('/api/doctor/consultations');
  expect(res.status).toBe(200);
  const line = captured.lines.slice(before).find((one) => one.route === '/api/doctor/consultations');
  return { consultations: res.body as DoctorConsultation[], queries: line!.queries as number };
}

describe("the doctor's list: each patient's record abilities", () => {
  it('takes as many queries for 26 patients as for 2, and answers each patient by their standing', async () => {
    const few = await doctorParty(server.url);
    await patientOf(few, 'inCare');
    await patientOf(few, 'closed');

    const many = await doctorParty(server.url);
    const standings: Standing[] = [...Array<Standing>(10).fill('inCare'), ...Array<Standing>(8).fill('closed'), ...Array<Standing>(5).fill('breakGlass'), ...Array<Standing>(3).fill('cancelledOnly')];
    const standingOf = new Map<string, Standing>();
    for (const standing of standings) standingOf.set(await patientOf(many, standing), standing);

    const small = await listWithQueryCount(few);
    const large = await listWithQueryCount(many);
    expect(small.consultations).toHaveLength(2);
    expect(large.consultations).toHaveLength(standings.length);
    expect(large.queries).toBe(small.queries);

    for (const consultation of large.consultations) {
      const standing = standingOf.get(consultation.patientId)!;
      expect({ standing, canReadRecords: consultation.canReadRecords, canBreakGlass: consultation.canBreakGlass }).toEqual({ standing, ...ABILITIES[standing] });
    }
  });
});
