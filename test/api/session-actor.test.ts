/**
 * A request's actor is resolved in the same query that reads its session: that query must still see the
 * account as it is now, so a change to the account between two requests of one session counts at once.
 */
import { startTestServer, type TestServer } from '../support/app';
import { createDoctor, createPatient, signedInClient } from '../support/factories';
import { AuditEvent, Doctor, User } from '../../db/models';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ MFA_REQUIRED_FOR: 'none' });
});
afterAll(() => server.close());

it("a patient's new name is the actor's name on the very next request of the same session (its audit row shows it)", async () => {
  const patient = await createPatient();
  const client = await signedInClient(server.url, patient);
  expect((await client.get('/api/medical-reports')).status).toBe(200);
  await User.query().patch({ firstName: 'Renamed' }).where({ id: patient.record.id });
  expect((await client.get('/api/medical-reports')).status).toBe(200);
  const latest = await AuditEvent.query().where({ actorId: patient.record.id }).orderBy('createdAt', 'desc').first();
  expect(latest?.actorName).toMatch(/^Renamed /);
});

it("a doctor deactivated behind the session's back is signed out on the next request, and answers again once reactivated", async () => {
  const doctor = await createDoctor();
  const client = await signedInClient(server.url, doctor);
  expect((await client.get('/api/doctor/consultations')).status).toBe(200);
  // Straight in the database, as another process would: the session row itself is left in place.
  await Doctor.query().patch({ isActive: false }).where({ id: doctor.record.id });
  expect((await client.get('/api/doctor/consultations')).status).toBe(401);
  await Doctor.query().patch({ isActive: true }).where({ id: doctor.record.id });
  expect((await client.get('/api/doctor/consultations')).status).toBe(200);
});

it('a session whose account is gone is worth nothing', async () => {
  const patient = await createPatient();
  const client = await signedInClient(server.url, patient);
  await User.query().deleteById(patient.record.id);
  expect((await client.get('/api/auth/me')).status).toBe(401);
});

it('a sign-in on a browser that already holds a session answers as the account just signed in', async () => {
  const first = await createPatient();
  const second = await createPatient();
  const client = await signedInClient(server.url, first);
  const signIn = await client.post('/api/auth/login', { usernameOrEmail: second.login, password: second.password });
  expect(signIn.status).toBe(200);
  const me = await client.get('/api/auth/me');
  expect(me.body.username).toBe(second.record.username);
});
