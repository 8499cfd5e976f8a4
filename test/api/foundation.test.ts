import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { io } from 'socket.io-client';
import { projectNodeVersion } from '../support/project-node';

let server: TestServer;
let client: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  client = new TestClient(server.url);
});
afterAll(() => server.close());

describe('foundation', () => {
  it('reports health with the database state, the media mode and the Node it runs on', async () => {
    const res = await client.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up', media: expect.stringMatching(/^(sfu|p2p)$/), runtime: { node: expect.any(String) } });
  });

  it('runs on the Node the project installs, not the machine\'s own', async () => {
    const res = await client.get('/api/health');
    expect(res.body.runtime.node).toBe(projectNodeVersion());
    expect(Number(res.body.runtime.node.slice(1).split('.')[0])).toBeGreaterThanOrEqual(24);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await client.get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toMatchObject({ code: 'not_found', message: expect.any(String) });
  });

  it('marks API answers no-store and sets the security headers', async () => {
    const res = await client.get('/api/health');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('gives pages a policy that allows only their own scripts', async () => {
    const res = await fetch(`${server.url}/`);
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self' https://js.stripe.com");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('lets pages connect only to this server and Stripe: no WebSocket or fetch to any other host', async () => {
    const policy = (await fetch(`${server.url}/`)).headers.get('content-security-policy') ?? '';
    expect(policy.split(';')).toContain("connect-src 'self' https://api.stripe.com");
  });

  it('answers malformed JSON with a 400 and keeps serving', async () => {
    const res = await client.request('POST', '/api/auth/login', '{"usernameOrEmail":', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/not valid JSON/);
    expect((await client.get('/api/health')).status).toBe(200);
  });

  it('answers a Socket.IO handshake at /socket.io', async () => {
    const res = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/"sid"/);
  });

  it('refuses a socket without a session with connect_error', async () => {
    const socket = io(server.url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    const error = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
    socket.close();
    expect(error.message).toMatch(/sign in/i);
  });
});
