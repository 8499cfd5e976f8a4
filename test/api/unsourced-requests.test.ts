/**
 * A state-changing request that carries the session cookie but says neither where it comes from (Origin)
 * nor from which kind of context (Sec-Fetch-Site) is refused: every page of ours sends one of them.
 * Requests without a session cookie (API clients, sign-in itself) are unaffected.
 */
import { startTestServer, type TestServer } from '../support/app';
import { createPatient, signedInClient } from '../support/factories';
import { UNSOURCED_SIGNED_IN_REQUEST } from '../../server/middleware/security';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A bare request: only the headers given, no Origin or Sec-Fetch-Site added. */
const bare = (path: string, headers: Record<string, string>) => fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });

describe('a state-changing request with neither Origin nor Sec-Fetch-Site', () => {
  it('is refused with 403 when it carries a session cookie, and changes nothing', async () => {
    const client = await signedInClient(server.url, await createPatient());
    const refused = await bare('/api/auth/logout', { cookie: client.cookieHeader });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(UNSOURCED_SIGNED_IN_REQUEST);
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });

  it('is accepted with the page’s Origin, or a same-origin Sec-Fetch-Site, and without a session cookie', async () => {
    const account = await createPatient();
    const first = await signedInClient(server.url, account);
    expect((await bare('/api/auth/logout', { cookie: first.cookieHeader, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    const second = await signedInClient(server.url, account);
    expect((await bare('/api/auth/logout', { cookie: second.cookieHeader, origin: server.url })).status).toBe(200);
    // An API client without cookies: judged on what it sent (here an empty sign-in form), not refused as unsourced.
    const cookieless = await bare('/api/auth/login', {});
    expect(cookieless.status).toBe(400);
  });
});
