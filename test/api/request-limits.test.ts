import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { signupBody } from '../support/signup';
import { User } from '../../db/models';

let server: TestServer;
let address = 0;

beforeAll(async () => {
  server = await startTestServer({
    TRUST_PROXY: 'true',
    SIGNUP_MAX_PER_ADDRESS: '5',
    SIGNUP_WINDOW_MINUTES: '10',
    PASSKEY_OPTIONS_MAX_PER_ADDRESS: '3',
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
