/**
 * No lost updates: reports, medications, appointments and doctors carry a version (the ETag); a write
 * whose If-Match names an older one answers 412 with the record as it is now, and of two writes from
 * the same version exactly one lands. A client written to the spec (no If-Match) keeps working.
 */
import { startTestServer, type TestServer } from '../support/app';
import { createAdmin, createDoctor, signedInClient } from '../support/factories';
import type { TestClient } from '../support/client';
import { patientParty, type Party } from './consultations-fixtures';
import { daysFromNow, insertAppointment, insertMedication, insertReport } from './records-fixtures';
import { Doctor, type User } from '../../db/models';

let server: TestServer;
let patient: Party<User>;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  patient = await patientParty(server.url);
  admin = await signedInClient(server.url, await createAdmin());
});
afterAll(() => server.close());

const STALE_MESSAGE = 'This record changed elsewhere. The newer version is shown now; make your change again if it is still needed.';
const patientId = () => patient.account.record.id;

/** Two clients write at once from the same version: one answer 200, the other 412 with the newer record. */
async function raceFrom(client: TestClient, method: string, path: string, version: number, bodies: [unknown, unknown]) {
  const answers = await Promise.all(bodies.map((body) => client.request(method, path, body, { 'If-Match': `"${version}"` })));
  const statuses = answers.map((a) => a.status).sort();
  expect(statuses).toEqual([200, 412]);
  const won = answers.find((a) => a.status === 200)!;
  const lost = answers.find((a) => a.status === 412)!;
  expect(lost.body).toMatchObject({ code: 'precondition_failed', message: STALE_MESSAGE });
  expect(lost.body.details.current).toEqual(won.body);
  expect(won.body.version).toBe(version + 1);
  expect(won.headers.get('etag')).toBe(`"${version + 1}"`);
  return won.body;
}

describe('medical reports', () => {
  it('answers its version as the ETag, takes a write from the current one and refuses one from an older one', async () => {
    const report = await insertReport(patientId(), { title: 'CBC' });
    const read = await patient.client.get(`/api/medical-reports/${report.id}`);
    expect(read.headers.get('etag')).toBe('"1"');
    expect(read.body.version).toBe(1);

    const won = await raceFrom(patient.client, 'PATCH', `/api/medical-reports/${report.id}`, 1, [{ title: 'CBC (fasting)' }, { title: 'CBC, repeated' }]);
    const stale = await patient.client.request('PATCH', `/api/medical-reports/${report.id}`, { summary: 'late edit' }, { 'If-Match': '"1"' });
    expect(stale.status).toBe(412);
    expect((await patient.client.get(`/api/medical-reports/${report.id}`)).body).toMatchObject({ title: won.title, summary: report.summary, version: 2 });
  });

  it('lets a client that sends no If-Match (one written to the spec) write as before, and still raises the version', async () => {
    const report = await insertReport(patientId());
    const res = await patient.client.patch(`/api/medical-reports/${report.id}`, { title: 'Renamed' });
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(2);
  });

  it('refuses an If-Match that is not a version, and answers 404 for a report that is not yours whatever the tag', async () => {
    const report = await insertReport(patientId());
    const bad = await patient.client.request('PATCH', `/api/medical-reports/${report.id}`, { title: 'x' }, { 'If-Match': 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('If-Match must be the ETag of the record you changed, such as "3".');
    const other = await patientParty(server.url);
    expect((await other.client.request('PATCH', `/api/medical-reports/${report.id}`, { title: 'x' }, { 'If-Match': '"1"' })).status).toBe(404);
  });
});

describe('medications and appointments', () => {
  it('a medication: one of two writes from the same version lands; a reminder change elsewhere also moves the version', async () => {
    const medication = await insertMedication(patientId());
    await raceFrom(patient.client, 'PATCH', `/api/medications/${medication.id}`, 1, [{ dosage: '20mg' }, { dosage: '5mg' }]);
    await medication.$query().patch({ reminderTimes: ['09:00'] });
    expect((await patient.client.request('PATCH', `/api/medications/${medication.id}`, { dosage: '1mg' }, { 'If-Match': '"2"' })).status).toBe(412);
  });

  it('an appointment: two reschedules from the same version, one lands', async () => {
    const appointment = await insertAppointment(patientId());
    await raceFrom(patient.client, 'PATCH', `/api/appointments/${appointment.id}`, 1, [
      { appointmentDate: daysFromNow(9).toISOString() },
      { appointmentDate: daysFromNow(10).toISOString() },
    ]);
  });
});

describe('doctors on the roster', () => {
  it('two admins editing one doctor: one lands; the doctor signing in does not move the version', async () => {
    const doctor = await createDoctor();
    await signedInClient(server.url, doctor);
    expect((await Doctor.query().findById(doctor.record.id))!.version).toBe(1);
    await raceFrom(admin, 'PATCH', `/api/admin/doctors/${doctor.record.id}`, 1, [{ bio: 'Cardiologist' }, { bio: 'Heart doctor' }]);
  });
});
