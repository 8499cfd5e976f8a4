import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { createAdmin, createDoctor, createPatient, signedInClient, unique } from '../support/factories';
import { AuditEvent, Doctor, User } from '../../db/models';
import { DEMO_CREDENTIALS } from '../../db/seeds/demo';
import { createHttpServer } from '../../server/http-server';
import { FOR_PUBLIC_HOST, PRODUCTION_ENV } from '../support/production';
import { signupBody } from '../support/signup';
import { PASSWORD_TOO_COMMON } from '../../common/schemas/password';
import { SIGNUP_RECEIVED_WITHOUT_MAIL } from '../../server/services/patient-signup';

let server: TestServer;
let address = 0;

beforeAll(async () => {
  // Failures are counted per address: each client below speaks from an address of its own.
  server = await startTestServer({ TRUST_PROXY: 'true', SESSION_IDLE_MINUTES: '30' });
});
afterAll(() => server.close());

function freshAddress(): string {
  address += 1;
  return `10.${process.pid % 250}.${Math.floor(address / 250)}.${address % 250}`;
}

/** One browser from its own address. */
function browser(ip = freshAddress()): TestClient {
  return new TestClient(server.url, { 'X-Forwarded-For': ip });
}

function sessionCookie(client: TestClient): string | undefined {
  return client.cookieHeader.split('; ').find((c) => c.startsWith('mv.sid='));
}

/** A browser that carries only the given cookies, as someone who copied them would. */
function withCookies(cookieHeader: string): TestClient {
  return new TestClient(server.url, { cookie: cookieHeader, 'X-Forwarded-For': freshAddress() });
}

describe('sign-up', () => {
  it('creates a patient, answers without the account and does not sign in', async () => {
    const client = browser();
    const body = signupBody({ phone: '+1 555 0199', emergencyContact: { name: 'Sam Okafor', phone: '+1 555 0198', relation: 'sibling' } });
    const res = await client.post('/api/auth/signup', body);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: SIGNUP_RECEIVED_WITHOUT_MAIL });
    expect((await client.get('/api/auth/me')).status).toBe(401);
    const stored = await User.query().findOne({ username: body.username });
    expect(stored).toMatchObject({ email: body.email, firstName: 'Robin', lastName: 'Okafor', role: 'patient', phone: '+1 555 0199' });
    expect(stored!.emergencyContact).toEqual({ name: 'Sam Okafor', phone: '+1 555 0198', relationship: 'sibling' });
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    const signedIn = await browser().post('/api/auth/login', { usernameOrEmail: body.email.toUpperCase(), password: 'secret-pass' });
    expect(signedIn.status).toBe(200);
    expect(JSON.stringify(signedIn.body)).not.toMatch(/password|argon2/i);
    expect(signedIn.body.user).toMatchObject({ emergencyContact: { name: 'Sam Okafor', phone: '+1 555 0198', relation: 'sibling' }, biometricEnabled: false });
  });

  const messages: [string, Record<string, unknown>, string, string][] = [
    ['first name too short', { firstName: 'R' }, 'firstName', 'First name must be at least 2 characters'],
    ['last name too short', { lastName: 'O' }, 'lastName', 'Last name must be at least 2 characters'],
    ['username too short', { username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    ['username too long', { username: 'a'.repeat(21) }, 'username', 'Username must not exceed 20 characters'],
    ['username with other characters', { username: 'robin-ok' }, 'username', 'Username can only contain letters, numbers, and underscores'],
    ['invalid email', { email: 'robin.example' }, 'email', 'Please enter a valid email address'],
    ['short password', { password: 'xq7z9k2', confirmPassword: 'xq7z9k2' }, 'password', 'Password must be at least 8 characters'],
    ['common password', { password: '12345678', confirmPassword: '12345678' }, 'password', PASSWORD_TOO_COMMON],
    ['common password in capitals', { password: 'PassWord123', confirmPassword: 'PassWord123' }, 'password', PASSWORD_TOO_COMMON],
    ['common password with a decoration', { password: 'iloveyou2025', confirmPassword: 'iloveyou2025' }, 'password', PASSWORD_TOO_COMMON],
    ['passwords differ', { confirmPassword: 'secret-pasS' }, 'confirmPassword', 'Passwords do not match'],
    ['terms not accepted', { termsAccepted: false }, 'termsAccepted', 'You must accept the terms and conditions'],
    ['privacy not accepted', { privacyAccepted: false }, 'privacyAccepted', 'You must accept the privacy policy'],
    ['oversized field', { lastName: 'x'.repeat(10_001) }, 'lastName', 'Last name must be at most 10,000 characters'],
    ['wrong type', { firstName: { first: 'Robin' } }, 'firstName', 'First name must be text'],
    ['unknown field', { role: 'admin' }, 'role', 'Unknown field: role'],
  ];

  it.each(messages)('answers 400 for %s with the field message, creating nothing', async (_name, overrides, field, message) => {
    const body = signupBody(overrides);
    const res = await browser().post('/api/auth/signup', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', message, fields: { [field]: message } });
    expect(await User.query().where('username', String(body.username)).resultSize()).toBe(0);
  });

  it('lists every failing field at once', async () => {
    const res = await browser().post('/api/auth/signup', {});
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      username: 'Username is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
      termsAccepted: 'You must accept the terms and conditions',
      privacyAccepted: 'You must accept the privacy policy',
    });
  });

});

describe('sign-in', () => {
  it('answers 400 with the login schema messages', async () => {
    const res = await browser().post('/api/auth/login', { usernameOrEmail: '  ', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ usernameOrEmail: 'Username or email is required', password: 'Password is required' });
  });

  it('signs in by username or email in any case and answers the user', async () => {
    const account = await createPatient();
    for (const identifier of [account.record.username.toUpperCase(), account.record.email]) {
      const res = await browser().post('/api/auth/login', { usernameOrEmail: identifier, password: account.password });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ id: account.record.id, role: 'patient', lastLogin: expect.any(String) });
    }
  });

  it('answers 401 with one message for a wrong password and for an unknown account', async () => {
    const account = await createPatient();
    const wrong = await browser().post('/api/auth/login', { usernameOrEmail: account.login, password: 'not-it' });
    const unknown = await browser().post('/api/auth/login', { usernameOrEmail: unique('ghost'), password: 'not-it' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Invalid username/email or password.');
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('sets an HttpOnly, SameSite=Lax session cookie that lasts the idle period', async () => {
    const client = browser();
    const res = await client.post('/api/auth/login', { usernameOrEmail: (await createPatient()).login, password: 'Correct-Horse-9' });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('mv.sid='))!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).not.toMatch(/;\s*secure/i);
    const expires = Date.parse(/expires=([^;]+)/i.exec(cookie)![1]!);
    expect(Math.abs(expires - Date.now() - 30 * 60_000)).toBeLessThan(60_000);
    // The cookie is an opaque id: nothing about the account is in it.
    expect(cookie).not.toContain(res.body.user.id);
  });

  it('issues a new session id at sign-in, so an id planted before sign-in is worthless', async () => {
    const account = await createPatient();
    const client = browser();
    await client.post('/api/passkeys/authentication/options');
    const planted = sessionCookie(client);
    expect(planted).toBeDefined();
    const signedIn = await client.post('/api/auth/login', { usernameOrEmail: account.login, password: account.password });
    expect(sessionCookie(client)).not.toBe(planted);
    // The signed-in session lasts the idle period, not the short life of the challenge-only session before it.
    const expires = Date.parse(/expires=([^;]+)/i.exec(signedIn.headers.getSetCookie().find((c) => c.startsWith('mv.sid='))!)![1]!);
    expect(Math.abs(expires - Date.now() - 30 * 60_000)).toBeLessThan(60_000);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect((await withCookies(`${planted}; mv.sid.sig=${/mv\.sid\.sig=([^;]+)/.exec(client.cookieHeader)![1]}`).get('/api/auth/me')).status).toBe(401);
  });

  it('rotates the id when a signed-in browser signs in again, killing the old one', async () => {
    const account = await createPatient();
    const client = await signedInClient(server.url, account);
    const old = client.cookieHeader;
    await client.post('/api/auth/login', { usernameOrEmail: account.login, password: account.password });
    expect(client.cookieHeader).not.toBe(old);
    expect((await withCookies(old).get('/api/auth/me')).status).toBe(401);
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });

  it('ends an idle session: once its idle period has passed the cookie signs nobody in', async () => {
    const client = await signedInClient(server.url, await createPatient());
    const userId = (await client.get('/api/auth/me')).body.id;
    await server.app.deps.knex('sessions').where({ actorId: userId }).update({ expiresAt: new Date(Date.now() - 1000) });
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  it('reads the account with every request: a deleted account signs nobody in, a new role counts at once', async () => {
    const patient = await createPatient();
    const client = await signedInClient(server.url, patient);
    expect((await client.get('/api/admin/doctors')).status).toBe(403);
    await User.query().patchAndFetchById(patient.record.id, { role: 'admin' });
    expect((await client.get('/api/admin/doctors')).status).toBe(200);
    await User.query().deleteById(patient.record.id);
    expect((await client.get('/api/auth/me')).status).toBe(401);

    const doctor = await createDoctor();
    const doctorClient = await signedInClient(server.url, doctor);
    expect((await doctorClient.get('/api/auth/doctor/me')).status).toBe(200);
    await Doctor.query().deleteById(doctor.record.id);
    expect((await doctorClient.get('/api/auth/doctor/me')).status).toBe(401);
  });

  it('lets an admin sign in at the same endpoint', async () => {
    const admin = await createAdmin();
    const res = await browser().post('/api/auth/login', { usernameOrEmail: admin.login, password: admin.password });
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe('admin');
  });

  it('audits successful and failed sign-ins against the account', async () => {
    const account = await createPatient();
    await browser().post('/api/auth/login', { usernameOrEmail: account.login, password: 'nope-nope' });
    await browser().post('/api/auth/login', { usernameOrEmail: account.login, password: account.password });
    const rows = await AuditEvent.query().where({ patientId: account.record.id }).orderBy('createdAt');
    expect(rows.map((r) => [r.action, r.outcome, r.actorKind])).toEqual([
      ['auth.login', 'failure', 'anonymous'],
      ['auth.login', 'success', 'patient'],
    ]);
  });
});

describe('logout', () => {
  it('destroys the server session, so the old cookie is dead', async () => {
    const client = await signedInClient(server.url, await createPatient());
    const cookies = client.cookieHeader;
    const userId = (await client.get('/api/auth/me')).body.id;
    const res = await client.post('/api/auth/logout');
    expect(res.status).toBe(200);
    // The browser drops what it kept of the account: the offline vault (IndexedDB), caches, the service worker.
    expect(res.headers.get('clear-site-data')).toBe('"cache", "storage"');
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await withCookies(cookies).get('/api/auth/me')).status).toBe(401);
    expect(await server.app.deps.knex('sessions').where({ actorId: userId })).toEqual([]);
    const audited = await AuditEvent.query().where({ patientId: userId, action: 'auth.logout' });
    expect(audited).toHaveLength(1);
  });

  it('is harmless without a session', async () => {
    expect((await browser().post('/api/auth/logout')).status).toBe(200);
  });
});

describe('doctor sign-in', () => {
  it('answers 400 with the email login messages', async () => {
    const empty = await browser().post('/api/auth/doctor/login', { email: '', password: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ email: 'Valid email is required', password: 'Password is required' });
    const invalid = await browser().post('/api/auth/doctor/login', { email: 'sarah.chen', password: 'x' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields).toEqual({ email: 'Valid email is required' });
  });

  it('signs a doctor in, answers /doctor/me, and logs out through the shared endpoint', async () => {
    const doctor = await createDoctor();
    const client = browser();
    const res = await client.post('/api/auth/doctor/login', { email: doctor.login.toUpperCase(), password: doctor.password });
    expect(res.status).toBe(200);
    expect(res.body.doctor).toMatchObject({ id: doctor.record.id, name: 'Test Doctor', specialty: 'General Practice' });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    expect((await client.get('/api/auth/doctor/me')).body.id).toBe(doctor.record.id);
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect((await client.get('/api/auth/doctor/me')).status).toBe(401);
  });

  it('offers the demo doctor as a sign-in hint only where demo data is seeded', async () => {
    expect((await browser().get('/api/auth/doctor/demo-credentials')).status).toBe(404);
    // A second app on the same database, started as start-up starts it where it seeds demo data.
    const app = createApp({ config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'true' }), knex: server.app.deps.knex, demoDoctorLogin: DEMO_CREDENTIALS.doctor });
    const demo = createHttpServer(app, app.deps.config).listen(0, '127.0.0.1');
    await once(demo, 'listening');
    try {
      const res = await new TestClient(`http://127.0.0.1:${(demo.address() as AddressInfo).port}`).get('/api/auth/doctor/demo-credentials');
      expect(res.body).toEqual({ email: 'sarah.chen@medivault.test', password: 'Doctor123!' });
    } finally {
      demo.close();
    }
  });

  it('in production, refuses a sign-in that reached it over plain HTTP before writing anything, and signs in over HTTPS behind the proxy', async () => {
    const config = loadConfig(PRODUCTION_ENV);
    const production = createHttpServer(createApp({ config, knex: server.app.deps.knex }), config).listen(0, '127.0.0.1');
    await once(production, 'listening');
    try {
      const patient = await createPatient();
      const client = new TestClient(`http://127.0.0.1:${(production.address() as AddressInfo).port}`, FOR_PUBLIC_HOST);
      const credentials = { usernameOrEmail: patient.login, password: patient.password };
      const plain = await client.post('/api/auth/login', credentials);
      expect(plain.status).toBe(403);
      expect(plain.body.message).toBe('Sign-in needs a secure (HTTPS) connection.');
      expect(plain.headers.getSetCookie()).toEqual([]);
      expect(await AuditEvent.query().where({ patientId: patient.record.id, action: 'auth.login', outcome: 'success' })).toHaveLength(0);

      const viaProxy = await client.post('/api/auth/login', credentials, { 'x-forwarded-proto': 'https' });
      expect(viaProxy.status).toBe(200);
      expect(viaProxy.headers.getSetCookie().join('; ')).toMatch(/; secure/i);
      expect(await AuditEvent.query().where({ patientId: patient.record.id, action: 'auth.login', outcome: 'success' })).toHaveLength(1);
    } finally {
      production.close();
    }
  });

  it('answers 401 with the spec message for a wrong password', async () => {
    const doctor = await createDoctor();
    const res = await browser().post('/api/auth/doctor/login', { email: doctor.login, password: 'wrong' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid email or password');
  });
});

describe('request guards', () => {
  it('answers 403 to a state-changing request from a foreign origin', async () => {
    const account = await createPatient();
    const body = { usernameOrEmail: account.login, password: account.password };
    const foreign = await browser().post('/api/auth/login', body, { Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('Cross-site requests are not allowed.');
    expect((await browser().post('/api/auth/login', body, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await browser().post('/api/auth/login', body, { Origin: 'null' })).status).toBe(403);
    expect((await browser().post('/api/auth/login', body, { Origin: server.url })).status).toBe(200);
  });

  it('answers 415 to a body that is not JSON', async () => {
    const form = await browser().request('POST', '/api/auth/login', 'usernameOrEmail=demo&password=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    const text = await browser().request('POST', '/api/auth/signup', 'hello', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    expect(text.body.message).toBe('Send the request body as JSON (Content-Type: application/json).');
  });

  it('answers 400 to a JSON body that is not an object', async () => {
    const res = await browser().request('POST', '/api/auth/login', '["demo"]');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Send a JSON object.');
  });

  it('answers 403 to everyone but admins on every /api/admin route, and audits the refusal', async () => {
    const adminRoutes = server.app.apiRouter.stack.filter((layer) => String(layer.path).startsWith('/api/admin'));
    expect(adminRoutes.length).toBeGreaterThan(0);
    const patient = await createPatient();
    const clients = [browser(), await signedInClient(server.url, patient), await signedInClient(server.url, await createDoctor())];
    const anyId = '00000000-0000-4000-8000-000000000000';
    for (const layer of adminRoutes) {
      const path = String(layer.path).replace(/:[A-Za-z]+/g, anyId);
      for (const method of layer.methods.filter((m) => m !== 'HEAD')) {
        for (const client of clients) {
          const res = await client.request(method, path, method === 'GET' ? undefined : {});
          expect({ route: `${method} ${layer.path}`, status: res.status }).toEqual({ route: `${method} ${layer.path}`, status: 403 });
        }
      }
    }
    const denied = await AuditEvent.query().where({ actorId: patient.record.id, outcome: 'denied' });
    expect(denied.length).toBeGreaterThan(0);
  });
});
