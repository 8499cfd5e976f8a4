/**
 * A passkey as the second factor of doctors' and admins' password sign-ins (MFA_REQUIRED_FOR): set up at
 * the first sign-in instead of an authenticator app, asked for at every later one; another account's
 * passkey, a replayed answer or a passkey without the password never sign in; once set up, the held
 * sign-in cannot set up another factor to get around it.
 */
import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { createAdmin, createDoctor, type Account } from '../support/factories';
import { VirtualAuthenticator } from '../support/virtual-authenticator';
import { AuditEvent, type Doctor } from '../../db/models';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ MFA_REQUIRED_FOR: 'doctor,admin' });
});
afterAll(() => server.close());

const doctorLogin = (client: TestClient, doctor: Account<Doctor>) => client.post('/api/auth/doctor/login', { email: doctor.login, password: doctor.password });

/** The doctor's first sign-in, finished by setting up the device's passkey. */
async function enrolWithPasskey(doctor: Account<Doctor>) {
  const client = new TestClient(server.url);
  const device = new VirtualAuthenticator(server.url, false);
  const held = await doctorLogin(client, doctor);
  expect(held.body).toMatchObject({ code: 'mfa_required', details: { enrolled: false, methods: [] } });
  const options = await client.post('/api/auth/mfa/passkey/registration/options', {});
  expect(options.status).toBe(200);
  expect(options.body.authenticatorSelection).toMatchObject({ residentKey: 'discouraged', userVerification: 'preferred' });
  expect(options.body.user.name).toBe(doctor.record.email);
  const registered = await client.post('/api/auth/mfa/passkey/registration', { credential: device.register(options.body) });
  expect(registered.status).toBe(200);
  expect(registered.body.doctor.email).toBe(doctor.record.email);
  expect(registered.body.recoveryCodes).toHaveLength(10);
  return { client, device, recoveryCodes: registered.body.recoveryCodes as string[] };
}

async function usePasskey(client: TestClient, device: VirtualAuthenticator, overrides: { userHandle?: string } = {}) {
  const options = await client.post('/api/auth/mfa/passkey/options', {});
  expect(options.status).toBe(200);
  return { options, answer: await client.post('/api/auth/mfa/passkey', { credential: device.authenticate(options.body, overrides) }) };
}

describe('a passkey as the second factor', () => {
  it('is set up at the first sign-in, which it finishes, and is asked for at the next', async () => {
    const doctor = await createDoctor();
    const { client, device } = await enrolWithPasskey(doctor);
    expect((await client.get('/api/doctor/consultations')).status).toBe(200);

    const again = new TestClient(server.url);
    const held = await doctorLogin(again, doctor);
    expect(held.status).toBe(401);
    expect(held.body).toMatchObject({ code: 'mfa_required', message: 'Use your passkey to finish signing in.', details: { enrolled: true, methods: ['passkey'] } });
    expect((await again.get('/api/doctor/consultations')).status).toBe(401);
    const { options, answer } = await usePasskey(again, device);
    expect(options.body.allowCredentials.map((c: { id: string }) => c.id)).toEqual([device.id]);
    expect(answer.status).toBe(200);
    expect(answer.body.doctor.email).toBe(doctor.record.email);
    expect(answer.body.recoveryCodes).toBeUndefined();
    expect((await again.get('/api/doctor/consultations')).status).toBe(200);
    const actions = (await AuditEvent.query().where({ resourceId: doctor.record.id }).select('action', 'outcome')).map((e) => `${e.action}:${e.outcome}`);
    expect(actions).toEqual(expect.arrayContaining(['auth.mfa_enrol:success', 'auth.mfa_passkey:success', 'auth.doctor_login:success']));
  });

  it('works for admins too', async () => {
    const admin = await createAdmin();
    const client = new TestClient(server.url);
    const device = new VirtualAuthenticator(server.url);
    expect((await client.post('/api/auth/login', { usernameOrEmail: admin.login, password: admin.password })).status).toBe(401);
    const options = await client.post('/api/auth/mfa/passkey/registration/options', {});
    const registered = await client.post('/api/auth/mfa/passkey/registration', { credential: device.register(options.body) });
    expect(registered.status).toBe(200);
    expect(registered.body.user.role).toBe('admin');
    expect((await client.get('/api/admin/doctors')).status).toBe(200);
  });

  it("refuses another account's passkey, a replayed answer, and an answer without a held sign-in", async () => {
    const [doctor, other] = await Promise.all([createDoctor(), createDoctor()]);
    const { device } = await enrolWithPasskey(doctor);
    const { device: othersDevice } = await enrolWithPasskey(other);

    const client = new TestClient(server.url);
    await doctorLogin(client, doctor);
    const wrongDevice = await usePasskey(client, othersDevice);
    expect(wrongDevice.answer.status).toBe(401);
    expect(wrongDevice.answer.body.message).toMatch(/This passkey did not verify/);

    const { options, answer } = await usePasskey(client, device);
    expect(answer.status).toBe(200);
    // The same signed answer again, in a new held sign-in: its challenge is gone.
    const replay = new TestClient(server.url);
    await doctorLogin(replay, doctor);
    const replayed = await replay.post('/api/auth/mfa/passkey', { credential: device.authenticate(options.body) });
    expect(replayed.status).toBe(400);
    expect((await replay.get('/api/doctor/consultations')).status).toBe(401);

    const noPassword = new TestClient(server.url);
    expect((await noPassword.post('/api/auth/mfa/passkey/options', {})).status).toBe(401);
  });

  it('once a passkey is set up, a held sign-in can set up neither an authenticator app nor another passkey', async () => {
    const doctor = await createDoctor();
    await enrolWithPasskey(doctor);
    const client = new TestClient(server.url);
    await doctorLogin(client, doctor);
    expect((await client.post('/api/auth/mfa/enrolment', {})).status).toBe(409);
    expect((await client.post('/api/auth/mfa/passkey/registration/options', {})).status).toBe(409);
    expect((await client.get('/api/doctor/consultations')).status).toBe(401);
  });

  it('takes a recovery code in place of a lost passkey, once', async () => {
    const doctor = await createDoctor();
    const { recoveryCodes } = await enrolWithPasskey(doctor);
    const client = new TestClient(server.url);
    await doctorLogin(client, doctor);
    const recovered = await client.post('/api/auth/mfa/verify', { code: recoveryCodes[3] });
    expect(recovered.status).toBe(200);
    expect(recovered.body.recoveryCodes).toBeUndefined();
    expect((await client.get('/api/auth/mfa')).body).toMatchObject({ enabled: false, recoveryCodesLeft: 9 });
    const again = new TestClient(server.url);
    await doctorLogin(again, doctor);
    expect((await again.post('/api/auth/mfa/verify', { code: recoveryCodes[3] })).status).toBe(401);
  });
});
