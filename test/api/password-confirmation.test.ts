/**
 * Typing one's password again while signed in (to change it, to delete the account) is throttled like a
 * sign-in, on the same counter: a borrowed session cannot guess the password faster than the sign-in page.
 */
import { startTestServer, type TestServer } from '../support/app';
import { createDoctor, createPatient, signedInClient } from '../support/factories';
import { User } from '../../db/models';
import { verifyPassword } from '../../server/services/passwords';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ LOGIN_FREE_FAILURES: '2', LOGIN_FIRST_DELAY_SECONDS: '60', MFA_REQUIRED_FOR: 'none' });
});
afterAll(() => server.close());

const NEW_PASSWORD = 'Another-Strong-Pass-42';

it('a password change with wrong current passwords waits after the free tries, even for the right one, and the password stays', async () => {
  const patient = await createPatient();
  const client = await signedInClient(server.url, patient);
  const change = (currentPassword: string) => client.post('/api/auth/password', { currentPassword, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
  for (const guess of ['guess-one', 'guess-two']) {
    const wrong = await change(guess);
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ currentPassword: 'Current password is incorrect' });
  }
  const waiting = await change(patient.password);
  expect(waiting.status).toBe(429);
  expect(waiting.body.message).toMatch(/^Too many failed sign-in attempts\. Please wait \d+ seconds and try again\.$/);
  expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThan(0);
  const stored = await User.query().findById(patient.record.id);
  expect(await verifyPassword(stored!.passwordHash, patient.password)).toBe(true);
  expect((await client.get('/api/auth/me')).status).toBe(200);
});

it('a right password clears the count, so a person who mistypes now and then is never kept waiting', async () => {
  const patient = await createPatient();
  const client = await signedInClient(server.url, patient);
  const change = (currentPassword: string, newPassword: string) => client.post('/api/auth/password', { currentPassword, newPassword, confirmPassword: newPassword });
  expect((await change('typo-one', NEW_PASSWORD)).status).toBe(400);
  expect((await change(patient.password, NEW_PASSWORD)).status).toBe(204);
  expect((await change('typo-two', 'Yet-Another-Pass-77')).status).toBe(400);
  expect((await change(NEW_PASSWORD, 'Yet-Another-Pass-77')).status).toBe(204);
});

it('deleting the account with wrong passwords waits after the free tries, and the account is not scheduled for deletion', async () => {
  const patient = await createPatient();
  const client = await signedInClient(server.url, patient);
  for (const guess of ['guess-one', 'guess-two']) expect((await client.post('/api/account/deletion', { password: guess })).status).toBe(400);
  const waiting = await client.post('/api/account/deletion', { password: patient.password });
  expect(waiting.status).toBe(429);
  expect((await client.get('/api/auth/me')).body.deletionScheduledFor).toBeNull();
});

it('counts a doctor\'s wrong current passwords the same way', async () => {
  const doctor = await createDoctor();
  const client = await signedInClient(server.url, doctor);
  const change = (currentPassword: string) => client.post('/api/auth/password', { currentPassword, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
  expect((await change('guess-one')).status).toBe(400);
  expect((await change('guess-two')).status).toBe(400);
  expect((await change(doctor.password)).status).toBe(429);
});
