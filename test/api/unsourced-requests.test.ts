/**
 * In production, a state-changing request that carries the session cookie but says neither where it comes
 * from (Origin) nor from which kind of context (Sec-Fetch-Site) is refused: every page of ours sends one of
 * them. Requests without a session cookie (API clients, sign-in itself) are unaffected.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { PRODUCTION_ENV } from '../support/production';
import { createHttpServer } from '../../server/http-server';
import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { createPatient } from '../support/factories';
import { UNSOURCED_SIGNED_IN_REQUEST } from '../../server/middleware/security';

const PUBLIC = 'https://vault.example';
/** What the TLS proxy in front adds to every request, for the public host. */
const VIA_PROXY = { 'x-forwarded-proto': 'https', 'x-forwarded-host': new URL(PUBLIC).host };

let server: TestServer;
let production: Server;
let url = '';

beforeAll(async () => {
  server = await startTestServer();
  const config = loadConfig({ ...PRODUCTION_ENV, PUBLIC_URL: PUBLIC });
  production = createHttpServer(createApp({ config, knex: server.app.deps.knex }), config).listen(0, '127.0.0.1');
  await once(production, 'listening');
  url = `http://127.0.0.1:${(production.address() as AddressInfo).port}`;
});
afterAll(async () => {
  production.close();
  await server.close();
});

/** A patient signed in from the public pages. */
async function signedIn(): Promise<TestClient> {
  const account = await createPatient();
  const client = new TestClient(url, { ...VIA_PROXY, origin: PUBLIC });
  expect((await client.post('/api/auth/login', { usernameOrEmail: account.login, password: account.password })).status).toBe(200);
  return client;
}

/** A bare request: only the headers given, no Origin or Sec-Fetch-Site added. */
const bare = (path: string, headers: Record<string, string>) => fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...VIA_PROXY, ...headers }, body: '{}' });

describe('in production, a state-changing request with neither Origin nor Sec-Fetch-Site', () => {
  it('is refused with 403 when it carries a session cookie, and changes nothing', async () => {
    const client = await signedIn();
    const refused = await bare('/api/auth/logout', { cookie: client.cookieHeader });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(UNSOURCED_SIGNED_IN_REQUEST);
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });

  it('is accepted with the page’s Origin, or a same-origin Sec-Fetch-Site, and without a session cookie', async () => {
    const first = await signedIn();
    expect((await bare('/api/auth/logout', { cookie: first.cookieHeader, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    const second = await signedIn();
    expect((await bare('/api/auth/logout', { cookie: second.cookieHeader, origin: PUBLIC })).status).toBe(200);
    // An API client without cookies: judged on what it sent (here an empty sign-in form), not refused as unsourced.
    expect((await bare('/api/auth/login', {})).status).toBe(400);
  });
});
