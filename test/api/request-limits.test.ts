import { startTestServer, type TestServer } from '../support/app';
import { randomBytes } from 'node:crypto';
import { TestClient } from '../support/client';
import { signupBody } from '../support/signup';
import { User } from '../../db/models';
import { patientParty } from './consultations-fixtures';

let server: TestServer;
let address = 0;

beforeAll(async () => {
  server = await startTestServer({
    TRUST_PROXY: 'true',
    SIGNUP_MAX_PER_ADDRESS: '5',
    SIGNUP_WINDOW_MINUTES: '10',
    PASSKEY_OPTIONS_MAX_PER_ADDRESS: '3',
    GUEST_JOIN_MAX_PER_ADDRESS: '3',
    SHARED_LINK_MAX_PER_ADDRESS: '4',
    SUPPORT_REQUEST_MAX_PER_ACCOUNT: '2',
    SUPPORT_REQUEST_WINDOW_MINUTES: '60',
  });
});
afterAll(() => server.close());

function freshAddress(): string {
  address += 1;
  return `10.${(process.pid + 7) % 250}.${Math.floor(address / 250)}.${address % 250}`;
}

const from = (ip: string) => new TestClient(server.url, { 'X-Forwarded-For': ip });

describe('sign-up per address', () => {
  it('lets exactly 5 of 50 parallel sign-ups from one address through; the rest get 429 with Retry-After', async () => {
    const ip = freshAddress();
    const bodies = Array.from({ length: 50 }, () => signupBody());
    const answers = await Promise.all(bodies.map((body) => from(ip).post('/api/auth/signup', body)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
    expect(await User.query().whereIn('username', bodies.map((b) => b.username)).resultSize()).toBe(5);

    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body).toMatchObject({ code: 'too_many_requests', message: 'Too many sign-ups from this network. Please wait 10 minutes and try again.' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(refused.headers.get('ratelimit-policy')).toBe('5;w=600');
    expect(refused.headers.get('ratelimit-limit')).toBe('5');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('ratelimit-reset'))).toBe(retryAfter);

    // Another address is counted on its own.
    expect((await from(freshAddress()).post('/api/auth/signup', signupBody())).status).toBe(202);
  });

  it('counts down RateLimit-Remaining, and a refused sign-up (bad input) still counts', async () => {
    const ip = freshAddress();
    const first = await from(ip).post('/api/auth/signup', { ...signupBody(), password: 'short' });
    expect(first.status).toBe(400);
    expect(first.headers.get('ratelimit-remaining')).toBe('4');
    expect((await from(ip).post('/api/auth/signup', signupBody())).headers.get('ratelimit-remaining')).toBe('3');
  });

  it('counts an IPv6 /64 as one address', async () => {
    const prefix = `2001:db8:${(process.pid % 0xffff).toString(16)}:${(address += 1).toString(16)}`;
    const sameNetwork = [`${prefix}::1`, `${prefix}:ffff::9`, `${prefix}:1:2:3:4`, `${prefix}::abcd`, `${prefix}::2`];
    for (const ip of sameNetwork) expect((await from(ip).post('/api/auth/signup', signupBody())).status).toBe(202);
    expect((await from(`${prefix}:dead:beef:0:1`).post('/api/auth/signup', signupBody())).status).toBe(429);
    expect((await from(`2001:db8:${(process.pid % 0xffff).toString(16)}:${(address += 1).toString(16)}::1`).post('/api/auth/signup', signupBody())).status).toBe(202);
  });
});

describe('passkey options per address', () => {
  it('answers 429 with Retry-After past the limit', async () => {
    const ip = freshAddress();
    const answers = await Promise.all(Array.from({ length: 6 }, () => from(ip).post('/api/passkeys/authentication/options')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.message).toBe('Too many biometric sign-in requests from this network. Please wait 10 minutes and try again.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(590);
  });
});

describe('guest links per address', () => {
  it('refuses the fourth attempt from one address with 429 and Retry-After, wrong tokens counted; another address goes on', async () => {
    const ip = freshAddress();
    const attempt = (client: TestClient) => client.post('/api/guest/join', { token: randomBytes(32).toString('base64url'), name: 'Guessing Guest' });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await attempt(from(ip)));
    expect(statuses.map((a) => a.status)).toEqual([404, 404, 404, 429]);
    const refused = statuses[3]!;
    expect(refused.body).toMatchObject({ code: 'too_many_requests', message: 'Too many guest link attempts from this network. Please wait 10 minutes and try again.' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(590);
    expect((await attempt(from(freshAddress()))).status).toBe(404);
  });
});

describe('SMART Health Links per address', () => {
  it('counts manifests, direct files and downloads together and answers the fifth with 429', async () => {
    const ip = freshAddress();
    const token = randomBytes(32).toString('base64url');
    const answers = [
      await from(ip).post(`/api/shl/${token}`, { recipient: 'Dr. Limit' }),
      await from(ip).get(`/api/shl/${token}?recipient=Dr.%20Limit`),
      await from(ip).get(`/api/shl/files/${token}`),
      await from(ip).post(`/api/shl/${token}`, { recipient: 'Dr. Limit' }),
      await from(ip).get(`/api/shl/files/${token}`),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 429]);
    expect(answers[4]!.body.message).toBe('Too many shared link requests from this network. Please wait 10 minutes and try again.');
    expect(Number(answers[4]!.headers.get('retry-after'))).toBeGreaterThan(590);
    expect((await from(freshAddress()).post(`/api/shl/${token}`, { recipient: 'Dr. Limit' })).status).toBe(404);
  });
});

describe('support requests per account', () => {
  it("refuses a patient's third request in the hour with 429 and Retry-After; another patient at the same address still writes", async () => {
    const writer = await patientParty(server.url);
    const send = (client: TestClient) => client.post('/api/support-requests', { subject: 'Upload question', message: 'My PDF is refused.' });
    const answers = [await send(writer.client), await send(writer.client), await send(writer.client)];
    expect(answers.map((a) => a.status)).toEqual([201, 201, 429]);
    expect(answers[2]!.body).toMatchObject({ code: 'too_many_requests', message: 'Too many support requests from this account. Please wait 60 minutes and try again.' });
    expect(Number(answers[2]!.headers.get('retry-after'))).toBeGreaterThan(3590);
    expect((await send((await patientParty(server.url)).client)).status).toBe(201);
  });
});
