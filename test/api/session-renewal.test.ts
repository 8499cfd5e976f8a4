/**
 * A new session id at every change of privilege, a held sign-in waiting for its second factor included,
 * so an id planted in a browser before sign-in (session fixation) leads nowhere; in production the cookie
 * is `__Host-` prefixed, so only this host, over HTTPS, can set it.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { generate } from 'otplib';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { PRODUCTION_ENV } from '../support/production';
import { createHttpServer } from '../../server/http-server';
import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { createDoctor, createPatient, signedInClient } from '../support/factories';
import { fingerprintOf } from '../../server/session';
import { CookieKeys } from '../../server/cookie-keys';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ MFA_REQUIRED_FOR: 'doctor,admin' });
});
afterAll(() => server.close());

const sessionCookie = (client: TestClient) => client.cookieHeader.split('; ').filter((c) => c.startsWith('mv.sid')).join('; ');
/** Another browser carrying exactly these cookies: the attacker who planted or copied them. */
const holderOf = (cookies: string) => new TestClient(server.url, { cookie: cookies });

describe('session ids', () => {
  it('change before the password, after it (held for the second factor) and after the second factor; the old ones resolve to nothing', async () => {
    const doctor = await createDoctor();
    const browser = new TestClient(server.url);
    // An anonymous session (a passkey ceremony's), as an attacker would plant in the doctor's browser.
    expect((await browser.post('/api/passkeys/authentication/options')).status).toBe(200);
    const planted = sessionCookie(browser);
    expect(planted).toMatch(/^mv\.sid=/);

    const held = await browser.post('/api/auth/doctor/login', { email: doctor.login, password: doctor.password });
    expect(held.body).toMatchObject({ code: 'mfa_required', details: { enrolled: false } });
    const heldCookie = sessionCookie(browser);
    expect(heldCookie).toMatch(/^mv\.sid=/);
    expect(heldCookie).not.toBe(planted);
    // The planted id no longer reaches the held sign-in: no authenticator of the attacker's can be set up in it.
    const hijack = await holderOf(planted).post('/api/auth/mfa/enrolment', {});
    expect(hijack.status).toBe(401);
    expect(hijack.body.message).toBe('No sign-in is waiting for a code. Sign in with your password again.');

    const enrolment = await browser.post('/api/auth/mfa/enrolment', {});
    expect(enrolment.status).toBe(201);
    const verified = await browser.post('/api/auth/mfa/verify', { code: await generate({ secret: enrolment.body.secret }) });
    expect(verified.status).toBe(200);
    const signedIn = sessionCookie(browser);
    expect(new Set([planted, heldCookie, signedIn]).size).toBe(3);
    expect((await browser.get('/api/auth/doctor/me')).status).toBe(200);
    for (const old of [planted, heldCookie]) {
      expect((await holderOf(old).get('/api/auth/doctor/me')).status).toBe(401);
      expect((await holderOf(old).post('/api/auth/mfa/verify', { code: '000000' })).status).toBe(401);
    }
  });
});

describe('the session store', () => {
  it('keeps only a hash of each session id: a stored key, even signed as a cookie, signs no one in', async () => {
    const account = await createPatient();
    const browser = await signedInClient(server.url, account);
    const id = decodeURIComponent(/mv\.sid=([^;]+)/.exec(browser.cookieHeader)![1]!);
    const rows = await server.app.deps.knex('sessions').where({ actorKind: 'user', actorId: account.record.id }).select('id');
    expect(rows.map((row) => row.id)).toEqual([fingerprintOf(id)]);
    expect(rows[0].id).not.toBe(id);
    // Someone who read the table (and even holds the cookie-signing secret) presents the stored key.
    const stored = rows[0].id as string;
    const signature = new CookieKeys(server.config.sessionKeys).sign(`mv.sid=${stored}`);
    expect((await holderOf(`mv.sid=${stored}; mv.sid.sig=${signature}`).get('/api/auth/me')).status).toBe(401);
    expect((await browser.get('/api/auth/me')).status).toBe(200);
  });
});

describe('in production', () => {
  it('sets the session cookie as __Host-mv.sid: Secure, Path=/, no Domain, and reads it back', async () => {
    const config = loadConfig({ ...PRODUCTION_ENV, PUBLIC_URL: 'https://vault.example' });
    const production = createHttpServer(createApp({ config, knex: server.app.deps.knex }), config).listen(0, '127.0.0.1');
    await once(production, 'listening');
    try {
      const patient = await createPatient();
      const client = new TestClient(`http://127.0.0.1:${(production.address() as AddressInfo).port}`, {
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'vault.example',
        origin: 'https://vault.example',
      });
      const signedIn = await client.post('/api/auth/login', { usernameOrEmail: patient.login, password: patient.password });
      expect(signedIn.status).toBe(200);
      const cookies = signedIn.headers.getSetCookie().filter((cookie) => /^[^=]*mv\.sid/.test(cookie));
      expect(cookies.map((cookie) => cookie.split('=')[0]).sort()).toEqual(['__Host-mv.sid', '__Host-mv.sid.sig']);
      for (const cookie of cookies) {
        expect(cookie).toMatch(/;\s*secure/i);
        expect(cookie).toMatch(/;\s*path=\/(;|$)/i);
        expect(cookie).not.toMatch(/;\s*domain=/i);
      }
      expect((await client.get('/api/auth/me')).status).toBe(200);
    } finally {
      production.close();
    }
  });
});
