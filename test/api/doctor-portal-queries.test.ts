import { startTestServer, type TestServer } from '../support/app';
import { createPatient } from '../support/factories';
import { createLogger } from '../../server/log';
import { CapturedLines } from '../support/captured-log';
import { BreakGlassGrant, Consultation, type Doctor } from '../../db/models';
import type { ConsultationStatus } from '../../common/constants';
import type { DoctorConsultation } from '../../common/api-types';
import { doctorParty, type Party } from './consultations-fixtures';

/**
 * What the doctor portal's busiest routes cost in database queries, counted by the request log's query count.
 * Issue 36: the consultation list tells, for each patient on the page, what the doctor may do with their
 * records (canReadRecords, canBreakGlass), in a fixed number of queries however many patients it shows, and
 * right for each patient. Issue 41: a status change reads its consultation, patient and doctor once.
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

/** The answer to the request `send` makes, and the queries its log line (the line of `route`) counted. */
async function withQueryCount<T>(route: string, send: () => Promise<{ status: number; body: unknown }>) {
  const before = captured.lines.length;
  const res = await send();
  expect(res.status).toBe(200);
  const line = captured.lines.slice(before).find((one) => one.route === route);
  return { body: res.body as T, queries: line!.queries as number };
}

/** The list as the doctor reads it, and how many queries answering it took. */
async function listWithQueryCount(doctor: Party<Doctor>) {
  const { body, queries } = await withQueryCount<DoctorConsultation[]>('/api/doctor/consultations', () => doctor.client.get('/api/doctor/consultations'));
  return { consultations: body, queries };
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

describe("the doctor's status change", () => {
  const route = '/api/doctor/consultation/:id/status';

  /**
   * The request log counts the queries outside its stages (the session and the audit row are stages of their
   * own). Completing: the consultation with its patient and doctor (3); in the transaction the row lock, the
   * change returning the row, the doctor's count and the transaction's own statement (4); the record
   * abilities (2). Cancelling has no count to raise, and leaves the doctor (with no other consultation) no
   * reach to the patient's records. Reading the consultation again after the change (3 queries more) or
   * fetching the changed row apart from the change (1 more) goes past these.
   */
  it.each([
    ['completed', ['in_progress'], 9, true],
    ['cancelled', [], 8, false],
  ] as const)('to %s reads the consultation, its patient and its doctor once, and answers them with the change', async (status, before, budget, canReadRecords) => {
    const doctor = await doctorParty(server.url);
    const patientId = await patientOf(doctor, 'inCare');
    const { id } = (await Consultation.query().findOne({ patientId }))!;
    for (const step of before) expect((await doctor.client.put(`/api/doctor/consultation/${id}/status`, { status: step })).status).toBe(200);

    const changed = await withQueryCount<DoctorConsultation>(route, () => doctor.client.put(`/api/doctor/consultation/${id}/status`, { status }));
    expect(changed.queries).toBeLessThanOrEqual(budget);
    expect(changed.body).toMatchObject({
      id,
      status,
      patient: { id: patientId },
      doctorName: doctor.account.record.name,
      doctorSpecialty: doctor.account.record.specialty,
      canReadRecords,
      canJoin: false,
    });
    const read = await doctor.client.get(`/api/doctor/consultation/${id}`);
    expect(changed.body).toEqual(read.body);
  });
});
