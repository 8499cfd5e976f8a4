/**
 * The public address: every link the server writes points at PUBLIC_URL (in development without it, at the
 * server's own address), never at the Host or X-Forwarded-Host a request names, which would let anyone have
 * a victim mailed a reset link to a host of their choosing. With PUBLIC_URL set, requests for another host
 * are refused (421) before anything runs, Socket.IO handshakes included; the orchestrator probes excepted.
 */
import http from 'node:http';
import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { startSmtpServer } from '../support/smtp';
import { createPatient } from '../support/factories';
import { FOR_PUBLIC_HOST, PRODUCTION_ENV, PUBLIC_URL, THROUGH_PROXY } from '../support/production';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
/** No PUBLIC_URL, nothing trusted from a proxy. */
let development: TestServer;
/** No PUBLIC_URL, behind a proxy whose X-Forwarded-* headers it trusts. */
let behindProxy: TestServer;
let production: TestServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  development = await startTestServer({ SMTP_URL: smtp.url });
  behindProxy = await startTestServer({ SMTP_URL: smtp.url, TRUST_PROXY: 'true' });
  // The test database is on this host, reached without TLS; production has doctors give a second factor.
  production = await startTestServer({ ...PRODUCTION_ENV, DATABASE_URL: process.env.DATABASE_URL!, DATABASE_SSL: 'disable', MFA_REQUIRED_FOR: 'doctor,admin', SMTP_URL: smtp.url });
});
afterAll(async () => {
  await Promise.all([development.close(), behindProxy.close(), production.close()]);
  await smtp.close();
});

interface Answer {
  status: number;
  body: any;
}

/** A request with any Host header (fetch always sends the URL's own). */
function send(baseUrl: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}${path}`, { method, headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) } }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: text.startsWith('{') ? JSON.parse(text) : text }));
    });
    request.on('error', reject);
    request.end(payload);
  });
}

const askReset = (server: TestServer, email: string, headers: Record<string, string>) => send(server.url, 'POST', '/api/auth/password-reset', headers, { email });

/** The origin of the reset link in the next mail to this address. */
async function mailedLinkOrigin(email: string): Promise<string> {
  const { text } = await smtp.nextMailTo(email);
  const link = /(https?:\/\/\S+)\/reset-password\?token=[A-Za-z0-9_-]+/.exec(text);
  if (!link) throw new Error(`no reset link in:\n${text}`);
  return link[1]!;
}

const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email.toLowerCase()));

/**
 * Resolves once a reset asked for now, for another patient through the public host, has been mailed. A reset
 * answers first and mails after, each through the same look-up, token and sending: a mail set off by a request
 * answered before this one started first, and comes first.
 */
async function laterResetMailed(server: TestServer): Promise<void> {
  const { record } = await createPatient();
  expect((await askReset(server, record.email, THROUGH_PROXY)).status).toBe(202);
  await smtp.nextMailTo(record.email);
}

describe('the links the server writes', () => {
  it('without PUBLIC_URL, a reset asked for with a forged Host mails a link to the server itself', async () => {
    const { record } = await createPatient();
    const answer = await askReset(development, record.email, { host: 'attacker.example' });
    expect(answer.status).toBe(202);
    expect(await mailedLinkOrigin(record.email)).toBe(development.url);
  });

  it('behind a trusted proxy without PUBLIC_URL, a forged X-Forwarded-Host changes nothing either', async () => {
    const { record } = await createPatient();
    const answer = await askReset(behindProxy, record.email, { 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' });
    expect(answer.status).toBe(202);
    expect(await mailedLinkOrigin(record.email)).toBe(behindProxy.url);
  });

  it('with PUBLIC_URL, the reset link and the calendar feed point at it', async () => {
    const account = await createPatient();
    expect((await askReset(production, account.record.email, THROUGH_PROXY)).status).toBe(202);
    expect(await mailedLinkOrigin(account.record.email)).toBe(PUBLIC_URL);

    const patient = new TestClient(production.url, THROUGH_PROXY);
    expect((await patient.post('/api/auth/login', { usernameOrEmail: account.login, password: account.password })).status).toBe(200);
    const feed = await patient.post('/api/calendar/feed', { timeZone: 'UTC' });
    expect(feed.status).toBe(201);
    expect(feed.body.url).toMatch(new RegExp(`^${PUBLIC_URL}/api/calendar/feed/[A-Za-z0-9_-]{43}\\.ics$`));
  });
});

describe('in production, a request for another host than PUBLIC_URL', () => {
  const REFUSAL = { code: 'misdirected_request', message: `This server answers only at ${PUBLIC_URL}.` };

  it.each([
    ['a forged Host', { host: 'attacker.example' }],
    ['a forged X-Forwarded-Host', { 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' }],
    ['the public Host with a forged X-Forwarded-Host', { host: 'vault.clinic.example', 'x-forwarded-host': 'attacker.example' }],
    ['the public host with a path smuggled in', { 'x-forwarded-host': 'vault.clinic.example/x', 'x-forwarded-proto': 'https' }],
  ])('is refused with 421 and mails nothing: %s', async (_, headers) => {
    const { record } = await createPatient();
    const answer = await askReset(production, record.email, headers);
    expect(answer.status).toBe(421);
    expect(answer.body).toMatchObject(REFUSAL);
    await laterResetMailed(production);
    expect(mailsTo(record.email)).toEqual([]);
  });

  it('is refused for pages too, while the public host (any case, default port) is served', async () => {
    expect((await send(production.url, 'GET', '/login', { host: 'attacker.example' })).status).toBe(421);
    expect((await send(production.url, 'GET', '/api/health', { 'x-forwarded-host': 'VAULT.clinic.example:443', 'x-forwarded-proto': 'https' })).status).toBe(200);
  });

  it('is refused a Socket.IO handshake, which the public host gets', async () => {
    const handshake = (headers: Record<string, string>) => send(production.url, 'GET', '/socket.io/?EIO=4&transport=polling', headers);
    const foreign = await handshake({ 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ message: `This server answers only at ${PUBLIC_URL}.` });
    expect((await handshake(THROUGH_PROXY)).status).toBe(200);
  });

  it('still answers the liveness and readiness probes, which orchestrators send to a replica at its own address', async () => {
    const internal = { host: '10.0.0.12:3000' };
    expect(await send(production.url, 'GET', '/api/health/live', internal)).toMatchObject({ status: 200, body: { status: 'live' } });
    expect(await send(production.url, 'GET', '/api/health/ready', internal)).toMatchObject({ status: 200, body: { status: 'ready', reason: null } });
  });

  it('must come from a page of PUBLIC_URL itself when it changes something (its http:// twin is another origin)', async () => {
    const { record } = await createPatient();
    const fromPlainHttp = await askReset(production, record.email, { ...FOR_PUBLIC_HOST, 'x-forwarded-proto': 'https', origin: 'http://vault.clinic.example' });
    expect(fromPlainHttp.status).toBe(403);
    expect(fromPlainHttp.body.message).toBe('Cross-site requests are not allowed.');
    expect((await askReset(production, record.email, THROUGH_PROXY)).status).toBe(202);
  });
});
