import { createHash } from 'node:crypto';
import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { createDoctor, createPatient, signedInClient, unique } from '../support/factories';
import { VirtualAuthenticator } from '../support/virtual-authenticator';
import { AuditEvent } from '../../db/models';
import { hasLeadingZeroBits, type SignInChallenge } from '../../common/proof-of-work';

/**
 * Issue 17's findings on sign-in throttling, each reproduced: a busy NAT address, a targeted doctor, parallel
 * guesses, and the waits the answers announce. Limits here: 3 free failures per (account, address), then a
 * 60 s wait; 30 failures per address; a proof of work after 6 failures of one account.
 */
let server: TestServer;
let octet = 0;

beforeAll(async () => {
  server = await startTestServer({
    TRUST_PROXY: 'true',
    LOGIN_FREE_FAILURES: '3',
    LOGIN_FIRST_DELAY_SECONDS: '60',
    LOGIN_ADDRESS_MAX_FAILURES: '30',
    LOGIN_CHALLENGE_AFTER: '6',
    LOGIN_CHALLENGE_BITS: '12',
  });
});
afterAll(() => server.close());

function freshAddress(): string {
  octet += 1;
  return `10.${100 + (process.pid % 100)}.${Math.floor(octet / 250)}.${octet % 250}`;
}

/** A browser (its own cookie jar) at an address. */
const browser = (ip = freshAddress()) => new TestClient(server.url, { 'X-Forwarded-For': ip });

const patientLogin = (client: TestClient, login: string, password: string, proof?: unknown) =>
  client.post('/api/auth/login', { usernameOrEmail: login, password, ...(proof ? { proof } : {}) });
const doctorLogin = (client: TestClient, email: string, password: string, proof?: unknown) =>
  client.post('/api/auth/doctor/login', { email, password, ...(proof ? { proof } : {}) });

/** What the sign-in form does in the browser: the first nonce whose SHA-256 with the challenge has the zero bits. */
function solve({ challenge, bits }: SignInChallenge): { challenge: string; nonce: string } {
  for (let n = 0; ; n += 1) {
    if (hasLeadingZeroBits(createHash('sha256').update(challenge + n).digest(), bits)) return { challenge, nonce: String(n) };
  }
}

describe('a busy address (a clinic behind one NAT)', () => {
  it('still lets a correct password in, from a fresh browser below the ceiling and from a known device above it', async () => {
    const nat = freshAddress();
    const colleague = await createPatient();
    const knownDevice = browser(nat);
    expect((await patientLogin(knownDevice, colleague.login, colleague.password)).status).toBe(200);

    // 29 typos for other accounts: far past the old lock (10 per address).
    for (let i = 0; i < 29; i += 1) expect((await patientLogin(browser(nat), unique('typo'), 'wrong-guess')).status).toBe(401);
    const newcomer = await createPatient();
    expect((await patientLogin(browser(nat), newcomer.login, newcomer.password)).status).toBe(200);

    // The 30th failure reaches the ceiling: fresh browsers there wait; a browser that signed in before does not.
    expect((await patientLogin(browser(nat), unique('typo'), 'wrong-guess')).status).toBe(401);
    const stranger = await createPatient();
    const refused = await patientLogin(browser(nat), stranger.login, stranger.password);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many failed sign-in attempts from this network\. Please wait \d+ minutes and try again\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    expect(refused.headers.get('ratelimit-policy')).toBe('30;w=900');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('ratelimit-reset')).toBe(refused.headers.get('retry-after'));
    expect((await patientLogin(knownDevice, colleague.login, colleague.password)).status).toBe(200);
    // Elsewhere the stranger signs in as usual.
    expect((await patientLogin(browser(), stranger.login, stranger.password)).status).toBe(200);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const prefix = `2001:db8:${(process.pid % 9000) + 1000}:${octet++}`;
    for (let i = 0; i < 30; i += 1) await patientLogin(browser(`${prefix}::${(i + 1).toString(16)}`), unique('typo'), 'wrong-guess');
    const account = await createPatient();
    expect((await patientLogin(browser(`${prefix}:ffff:1:2:3`), account.login, account.password)).status).toBe(429);
  });

  it('does not take a known-device cookie signed for another account or with a forged signature', async () => {
    const nat = freshAddress();
    const mine = await createPatient();
    const theirs = await createPatient();
    const device = browser(nat);
    expect((await patientLogin(device, mine.login, mine.password)).status).toBe(200);
    for (let i = 0; i < 30; i += 1) await patientLogin(browser(nat), unique('typo'), 'wrong-guess');
    expect((await patientLogin(device, theirs.login, theirs.password)).status).toBe(429);
    const forged = new TestClient(server.url, { 'X-Forwarded-For': nat, cookie: `mv.known=${device.cookieHeader.match(/mv\.known=([^;.]+)\.(\d+)\./)!.slice(1, 3).join('.')}.AAAA` });
    expect((await patientLogin(forged, mine.login, mine.password)).status).toBe(429);
  });
});

describe('a targeted doctor', () => {
  it('cannot be locked out from one address: their known device and any other address still sign in', async () => {
    const doctor = await createDoctor();
    const ownDevice = browser();
    expect((await doctorLogin(ownDevice, doctor.login, doctor.password)).status).toBe(200);

    const attacker = freshAddress();
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push((await doctorLogin(browser(attacker), doctor.login, 'wrong-guess')).status);
    // Three guesses get a password check; then the pair (doctor, attacker's address) waits, growing.
    expect(answers).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);

    expect((await doctorLogin(ownDevice, doctor.login, doctor.password)).status).toBe(200);
    expect((await doctorLogin(browser(), doctor.login, doctor.password)).status).toBe(200);
  });

  it('asks unknown devices for a proof of work once the account is guessed at from many addresses; the known device never', async () => {
    const doctor = await createDoctor();
    const ownDevice = browser();
    expect((await doctorLogin(ownDevice, doctor.login, doctor.password)).status).toBe(200);
    // A botnet: three guesses from each of two addresses, six failures of the account.
    for (let a = 0; a < 2; a += 1) {
      const bot = freshAddress();
      for (let i = 0; i < 3; i += 1) expect((await doctorLogin(browser(bot), doctor.login, 'wrong-guess')).status).toBe(401);
    }
    expect((await doctorLogin(ownDevice, doctor.login, doctor.password)).status).toBe(200);

    const clinic = browser();
    const asked = await doctorLogin(clinic, doctor.login, doctor.password);
    expect(asked.status).toBe(428);
    expect(asked.body.code).toBe('challenge_required');
    expect(asked.body.details).toEqual({ challenge: expect.stringMatching(/^[0-9a-f-]{36}$/), bits: 12 });
    const proof = solve(asked.body.details);
    expect((await doctorLogin(clinic, doctor.login, doctor.password, proof)).status).toBe(200);

    // Single use: the same proof again is refused with a new challenge.
    const replay = await doctorLogin(browser(), doctor.login, doctor.password, proof);
    expect(replay.status).toBe(428);
    expect(replay.body.details.challenge).not.toBe(proof.challenge);
    // A wrong nonce, or a challenge bound to another account, does not pass.
    const wrongNonce = await doctorLogin(browser(), doctor.login, doctor.password, { challenge: replay.body.details.challenge, nonce: 'x' });
    expect(wrongNonce.status).toBe(428);
    const other = await createDoctor();
    for (let a = 0; a < 3; a += 1) for (let i = 0; i < 3; i += 1) await doctorLogin(browser(`10.250.${a}.${octet++ % 250}`), other.login, 'wrong-guess');
    const otherChallenge = (await doctorLogin(browser(), other.login, other.password)).body.details;
    expect((await doctorLogin(browser(), doctor.login, doctor.password, solve(otherChallenge))).status).toBe(428);
    // A wrong password with a valid proof is a plain 401.
    const guess = browser();
    const challenge = (await doctorLogin(guess, doctor.login, 'wrong-guess')).body.details;
    expect((await doctorLogin(guess, doctor.login, 'wrong-guess', solve(challenge))).status).toBe(401);
  });
});

describe('counting', () => {
  it('gives exactly the free number of password checks to 200 parallel guesses', async () => {
    const account = await createPatient();
    const ip = freshAddress();
    const answers = await Promise.all(Array.from({ length: 200 }, () => patientLogin(browser(ip), account.login, 'wrong-guess')));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(197);
    const checked = await AuditEvent.query().where({ action: 'auth.login', outcome: 'failure', resourceId: account.record.id }).resultSize();
    expect(checked).toBe(3);
  }, 120_000); // 200 password hashes: minutes on a machine running other CPU-heavy work

  it('answers the real time left as Retry-After, with the RateLimit headers', async () => {
    const account = await createPatient();
    const ip = freshAddress();
    // The seconds that passed since `from`, rounded up: a busy machine may take more than one between requests.
    const secondsSince = (from: number) => Math.ceil((Date.now() - from) / 1000);
    let lockStartedAfter = 0;
    for (let i = 0; i < 3; i += 1) {
      lockStartedAfter = Date.now();
      const answer = await patientLogin(browser(ip), account.login, 'wrong-guess');
      expect(answer.status).toBe(401);
      expect(answer.headers.get('ratelimit-limit')).toBe('3');
      expect(answer.headers.get('ratelimit-remaining')).toBe(String(2 - i));
      expect(answer.headers.get('ratelimit-policy')).toBe('3;w=900');
    }
    const firstSentAt = Date.now();
    const first = await patientLogin(browser(ip), account.login, account.password);
    expect(first.status).toBe(429);
    expect(first.body.message).toMatch(/^Too many failed sign-in attempts\. Please wait \d+ seconds and try again\.$/);
    const firstWait = Number(first.headers.get('retry-after'));
    // The 60 s pause, less the time since the third failure began it.
    expect(firstWait).toBeGreaterThanOrEqual(60 - secondsSince(lockStartedAfter));
    expect(firstWait).toBeLessThanOrEqual(60);
    expect(first.headers.get('ratelimit-remaining')).toBe('0');
    expect(first.headers.get('ratelimit-reset')).toBe(String(firstWait));
    await new Promise((r) => setTimeout(r, 2100));
    const later = Number((await patientLogin(browser(ip), account.login, account.password)).headers.get('retry-after'));
    expect(later).toBeLessThanOrEqual(firstWait - 2);
    expect(later).toBeGreaterThanOrEqual(firstWait - secondsSince(firstSentAt) - 1);
  });

  it('clears the pair at a successful sign-in, so its owner starts afresh', async () => {
    const account = await createPatient();
    const ip = freshAddress();
    for (let i = 0; i < 2; i += 1) expect((await patientLogin(browser(ip), account.login, 'wrong-guess')).status).toBe(401);
    expect((await patientLogin(browser(ip), account.login, account.password)).status).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await patientLogin(browser(ip), account.login, 'wrong-guess')).status).toBe(401);
    expect((await patientLogin(browser(ip), account.login, account.password)).status).toBe(200);
  });

  it("lets as many right passwords as the free attempts in at once from one address (a patient's three devices)", async () => {
    for (let round = 0; round < 8; round += 1) {
      const account = await createPatient();
      const ip = freshAddress();
      const answers = await Promise.all(Array.from({ length: 3 }, () => patientLogin(browser(ip), account.login, account.password)));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    }
  });
});

describe('passkey sign-in', () => {
  async function registeredDevice() {
    const account = await createPatient();
    const owner = await signedInClient(server.url, account);
    const device = new VirtualAuthenticator(server.url);
    const options = await owner.post('/api/passkeys/registration/options');
    expect((await owner.post('/api/passkeys/registration', { credential: device.register(options.body) })).status).toBe(201);
    return device;
  }

  const passkeyLogin = async (client: TestClient, device: VirtualAuthenticator, overrides: { origin?: string } = {}) => {
    const options = await client.post('/api/passkeys/authentication/options');
    return client.post('/api/passkeys/authentication', { credential: device.authenticate(options.body, overrides) });
  };

  it('slows the pair and honours the address ceiling and known devices like passwords, and never asks for a proof of work', async () => {
    const device = await registeredDevice();
    const ip = freshAddress();
    for (let i = 0; i < 3; i += 1) expect((await passkeyLogin(browser(ip), device, { origin: 'https://evil.example' })).status).toBe(401);
    expect((await passkeyLogin(browser(ip), device)).status).toBe(429);
    // Six failures of the account: a password sign-in would now be asked for the proof of work; a passkey is not.
    const second = freshAddress();
    for (let i = 0; i < 3; i += 1) expect((await passkeyLogin(browser(second), device, { origin: 'https://evil.example' })).status).toBe(401);
    expect((await passkeyLogin(browser(), device)).status).toBe(200);

    const nat = freshAddress();
    const known = browser(nat);
    expect((await passkeyLogin(known, device)).status).toBe(200);
    for (let i = 0; i < 30; i += 1) expect((await passkeyLogin(browser(nat), new VirtualAuthenticator(server.url))).status).toBe(401);
    expect((await passkeyLogin(browser(nat), device)).status).toBe(429);
    expect((await passkeyLogin(known, device)).status).toBe(200);
  });
});

describe('growing waits', () => {
  let quick: TestServer;
  beforeAll(async () => {
    quick = await startTestServer({ TRUST_PROXY: 'true', LOGIN_FREE_FAILURES: '2', LOGIN_FIRST_DELAY_SECONDS: '1' });
  });
  afterAll(() => quick.close());

  it('doubles the wait with each further failure of the pair', async () => {
    const account = await createPatient();
    const ip = freshAddress();
    const attempt = () => new TestClient(quick.url, { 'X-Forwarded-For': ip }).post('/api/auth/login', { usernameOrEmail: account.login, password: 'wrong-guess' });
    expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(401);
    const wait1 = await attempt();
    expect([wait1.status, wait1.headers.get('retry-after')]).toEqual([429, '1']);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await attempt()).status).toBe(401);
    const wait2 = await attempt();
    expect([wait2.status, wait2.headers.get('retry-after')]).toEqual([429, '2']);
  });
});
