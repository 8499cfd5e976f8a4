import { startTestServer, type TestServer } from '../support/app';
import { createPatient, unique } from '../support/factories';
import { Consultation } from '../../db/models';
import type { DoctorConsultation } from '../../common/api-types';
import type { ConsultationStatus } from '../../common/constants';
import { doctorParty, type Party } from './consultations-fixtures';
import type { Doctor } from '../../db/models';

/**
 * Issue 38: the doctor's upcoming and past lists are searched, filtered and paged by the server through
 * query parameters on GET /api/doctor/consultations; a client that sends none gets the whole list as before.
 */
let server: TestServer;
let doctor: Party<Doctor>;
const HOUR = 3_600_000;
const surname = unique('Okafor').replace(/[^a-z0-9]/gi, '');
const ids: Record<string, string> = {};

async function consultation(key: string, hoursFromNow: number, status: ConsultationStatus, lastName: string, cancelledHoursFromNow?: number) {
  const patient = await createPatient({ firstName: 'Nora', lastName });
  const row = await Consultation.query().insert({
    patientId: patient.record.id,
    doctorId: doctor.account.record.id,
    appointmentDate: new Date(Date.now() + hoursFromNow * HOUR),
    status,
    consultationType: 'video',
    cancelledAt: cancelledHoursFromNow === undefined ? null : new Date(Date.now() + cancelledHoursFromNow * HOUR),
  });
  ids[key] = row.id;
}

beforeAll(async () => {
  server = await startTestServer();
  doctor = await doctorParty(server.url);
  await consultation('nextWeek', 24 * 7, 'scheduled', 'Quinn');
  await consultation('tomorrow', 24, 'scheduled', surname);
  await consultation('laterToday', 2, 'scheduled', 'Quinn');
  await consultation('cancelledAhead', 30, 'cancelled', 'Quinn', -5);
  await consultation('doneThisMorning', -3, 'completed', surname);
  await consultation('lastWeek', -24 * 7, 'completed', 'Quinn');
  await consultation('missed', -48, 'scheduled', 'Quinn');
});
afterAll(() => server.close());

const list = async (query: string) => {
  const response = await doctor.client.get(`/api/doctor/consultations${query}`);
  expect(response.status).toBe(200);
  const keyOf = (id: string) => Object.keys(ids).find((key) => ids[key] === id);
  return { keys: (response.body as DoctorConsultation[]).map((c) => keyOf(c.id)), total: response.headers.get('x-total-count'), body: response.body as DoctorConsultation[] };
};

describe("the doctor's consultation lists", () => {
  it('answers the whole list newest first, as before, to a client that sends nothing', async () => {
    const { keys, body } = await list('');
    expect(keys).toEqual(['nextWeek', 'cancelledAhead', 'tomorrow', 'laterToday', 'doneThisMorning', 'missed', 'lastWeek']);
    expect(body[0]!.patient.lastName).toBe('Quinn');
  });

  it('lists upcoming (scheduled, still ahead) soonest first, so next week never pushes out today', async () => {
    expect((await list('?when=upcoming')).keys).toEqual(['laterToday', 'tomorrow', 'nextWeek']);
  });

  it('keeps a consultation started ahead of its time in upcoming, where the doctor finds it, as being held', async () => {
    await consultation('startedEarly', 1, 'in_progress', 'Quinn');
    try {
      const upcoming = await list('?when=upcoming');
      expect(upcoming.keys).toEqual(['startedEarly', 'laterToday', 'tomorrow', 'nextWeek']);
      expect(upcoming.total).toBe('4');
      expect((await list('?when=upcoming&status=in_progress')).keys).toEqual(['startedEarly']);
    } finally {
      await Consultation.query().deleteById(ids.startedEarly!);
      delete ids.startedEarly;
    }
  });

  it("lists the past (time gone by, or over) newest first, today's finished ones leading", async () => {
    expect((await list('?when=past&limit=2')).keys).toEqual(['doneThisMorning', 'cancelledAhead']);
    const all = await list('?when=past');
    expect(all.keys).toEqual(['doneThisMorning', 'cancelledAhead', 'missed', 'lastWeek']);
  });

  it('places a consultation cancelled ahead of its time at its cancellation, not at its date', async () => {
    await Consultation.query().patch({ cancelledAt: new Date(Date.now() - 72 * HOUR) }).findById(ids.cancelledAhead!);
    expect((await list('?when=past')).keys).toEqual(['doneThisMorning', 'missed', 'cancelledAhead', 'lastWeek']);
    expect((await list('?when=past&order=asc')).keys).toEqual(['lastWeek', 'cancelledAhead', 'missed', 'doneThisMorning']);
    await Consultation.query().patch({ cancelledAt: new Date(Date.now() - 5 * HOUR) }).findById(ids.cancelledAhead!);
  });

  it("finds consultations by part of the patient's name, in any case", async () => {
    expect((await list(`?patient=${surname.slice(2).toLowerCase()}`)).keys).toEqual(['tomorrow', 'doneThisMorning']);
    expect((await list(`?when=past&patient=${surname}`)).keys).toEqual(['doneThisMorning']);
    expect((await list(`?patient=${encodeURIComponent('nora ' + surname)}`)).keys).toEqual(['tomorrow', 'doneThisMorning']);
    expect((await list('?patient=%25')).keys).toEqual([]);
  });

  it('filters by status and by a span of appointment time, and sorts as asked', async () => {
    expect((await list('?status=completed')).keys).toEqual(['doneThisMorning', 'lastWeek']);
    const from = new Date(Date.now() - 4 * HOUR).toISOString();
    const to = new Date(Date.now() + 25 * HOUR).toISOString();
    expect((await list(`?from=${from}&to=${to}&order=asc`)).keys).toEqual(['doneThisMorning', 'laterToday', 'tomorrow']);
  });

  it('pages with the total of all matches in X-Total-Count', async () => {
    const first = await list('?limit=3');
    const second = await list('?limit=3&offset=3');
    const third = await list('?limit=3&offset=6');
    expect(first.total).toBe('7');
    expect([...first.keys, ...second.keys, ...third.keys]).toEqual((await list('')).keys);
  });

  it.each([
    ['when=tomorrow', 'When must be upcoming or past'],
    ['status=done', 'Status must be one of scheduled, in_progress, completed, cancelled'],
    ['from=yesterday', 'From must be a valid date'],
    ['from=2026-02-02T00:00:00Z&to=2026-02-01T00:00:00Z', 'To must not be before From'],
    ['order=up', 'Order must be asc or desc'],
    ['limit=500', 'Limit must be at most 100'],
    [`patient=${'n'.repeat(101)}`, 'Patient name must be at most 100 characters'],
  ])('refuses %s with a 400 naming the field', async (query, message) => {
    const response = await doctor.client.get(`/api/doctor/consultations?${query}`);
    expect(response.status).toBe(400);
    expect(Object.values(response.body.fields)).toContain(message);
  });

  it("counts the doctor's different patients for the dashboard", async () => {
    const response = await doctor.client.get('/api/doctor/patient-count');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ totalPatients: 7 });
  });

  it("never shows another doctor's consultations, whatever the filters", async () => {
    const other = await doctorParty(server.url);
    const response = await other.client.get(`/api/doctor/consultations?patient=${surname}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });
});
