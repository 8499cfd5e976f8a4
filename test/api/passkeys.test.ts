import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { createPatient, signedInClient, unique } from '../support/factories';
import { VirtualAuthenticator } from '../support/virtual-authenticator';
import { User, WebauthnCredential } from '../../db/models';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(() => server.close());

/** A browser of its own, from its own address, so failure counts never leak between tests. */
function browser(): TestClient {
  return new TestClient(server.url, { 'X-Forwarded-For': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
}

async function registeredPatient() {
  const account = await createPatient();
  const client = await signedInClient(server.url, account);
  const device = new VirtualAuthenticator(server.url);
  const options = await client.post('/api/passkeys/registration/options');
  expect(options.status).toBe(200);
  const registered = await client.post('/api/passkeys/registration', { credential: device.register(options.body), deviceName: 'Test phone' });
  expect(registered.status).toBe(201);
  return { account, client, device, passkeyId: registered.body.id as string };
}

async function signInWith(device: VirtualAuthenticator, client = browser(), overrides: { origin?: string; userHandle?: string } = {}) {
  const options = await client.post('/api/passkeys/authentication/options');
  expect(options.status).toBe(200);
  const answer = await client.post('/api/passkeys/authentication', { credential: device.authenticate(options.body, overrides) });
  return { client, answer };
}

describe('passkey registration', () => {
  it('registers a platform passkey for the signed-in patient and turns biometric login on', async () => {
    const { account, client, device, passkeyId } = await registeredPatient();
    const stored = await WebauthnCredential.query().findById(passkeyId);
    expect(stored).toMatchObject({ userId: account.record.id, credentialId: device.id, deviceName: 'Test phone', transports: ['internal'] });
    expect((await User.query().findById(account.record.id))!.biometricEnabled).toBe(true);
    const list = await client.get('/api/passkeys');
    expect(list.body).toEqual([{ id: passkeyId, deviceName: 'Test phone', createdAt: expect.any(String), lastUsedAt: null }]);
    expect(JSON.stringify(list.body)).not.toContain(stored!.publicKey);
  });

  it('asks for a discoverable, user-verified credential on this device and excludes those already registered', async () => {
    const { client, device } = await registeredPatient();
    const options = await client.post('/api/passkeys/registration/options');
    expect(options.body.authenticatorSelection).toMatchObject({ authenticatorAttachment: 'platform', residentKey: 'required', userVerification: 'required' });
    expect(options.body.rp).toEqual({ name: 'MediVault', id: '127.0.0.1' });
    expect(options.body.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([device.id]);
  });

  it('refuses an answer from another origin, and the challenge is then used up', async () => {
    const account = await createPatient();
    const client = await signedInClient(server.url, account);
    const device = new VirtualAuthenticator(server.url);
    const options = await client.post('/api/passkeys/registration/options');
    const foreign = await client.post('/api/passkeys/registration', { credential: device.register(options.body, 'https://evil.example') });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('This device could not be registered for biometric login. Please try again.');
    const replay = await client.post('/api/passkeys/registration', { credential: device.register(options.body) });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('This biometric request has expired. Please try again.');
    expect(await WebauthnCredential.query().where({ userId: account.record.id }).resultSize()).toBe(0);
  });

  it('refuses an authenticator that did not verify the user', async () => {
    const client = await signedInClient(server.url, await createPatient());
    const options = await client.post('/api/passkeys/registration/options');
    const answer = await client.post('/api/passkeys/registration', { credential: new VirtualAuthenticator(server.url, false).register(options.body) });
    expect(answer.status).toBe(400);
  });

  it('rejects malformed and unknown fields with field messages', async () => {
    const client = await signedInClient(server.url, await createPatient());
    const missing = await client.post('/api/passkeys/registration', {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ credential: 'Passkey is required' });
    const extra = await client.post('/api/passkeys/registration', { credential: { id: 'x', rawId: 'x', type: 'public-key', response: {} }, nickname: 'x' });
    expect(extra.status).toBe(400);
    expect(extra.body.fields).toEqual({ nickname: 'Unknown field: nickname' });
  });

  it('removes a passkey; with none left biometric login is off, and another patient cannot remove it', async () => {
    const { account, client, passkeyId } = await registeredPatient();
    const other = await signedInClient(server.url, await createPatient());
    expect((await other.delete(`/api/passkeys/${passkeyId}`)).status).toBe(404);
    expect((await client.delete(`/api/passkeys/${passkeyId}`)).status).toBe(204);
    expect((await User.query().findById(account.record.id))!.biometricEnabled).toBe(false);
    expect((await client.get('/api/passkeys')).body).toEqual([]);
  });
});

describe('passkey sign-in', () => {
  it('signs the patient in with a fresh session and updates the signature counter', async () => {
    const { account, device, passkeyId } = await registeredPatient();
    const { client, answer } = await signInWith(device);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ id: account.record.id, biometricEnabled: true });
    expect((await client.get('/api/auth/me')).body.id).toBe(account.record.id);
    const stored = await WebauthnCredential.query().findById(passkeyId);
    expect(stored!.counter).toBe(2);
    expect(stored!.lastUsedAt).not.toBeNull();
  });

  it('refuses a passkey that is not registered, with the set-up hint', async () => {
    const { answer } = await signInWith(new VirtualAuthenticator(server.url));
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('This passkey is not registered with MediVault. Please set up biometric authentication first.');
  });

  it('refuses an assertion made for another origin or another user handle', async () => {
    const { device } = await registeredPatient();
    const foreign = await signInWith(device, browser(), { origin: 'https://evil.example' });
    expect(foreign.answer.status).toBe(401);
    expect(foreign.answer.body.message).toBe('Biometric verification failed. Please use your username/email and password.');
    const swapped = await signInWith(device, browser(), { userHandle: Buffer.from(unique('someone-else')).toString('base64url') });
    expect(swapped.answer.status).toBe(401);
    expect((await swapped.client.get('/api/auth/me')).status).toBe(401);
  });

  it("keeps a visitor's challenge-only session no longer than the challenge", async () => {
    const client = browser();
    const res = await client.post('/api/passkeys/authentication/options');
    const expires = Date.parse(/expires=([^;]+)/i.exec(res.headers.getSetCookie().find((c) => c.startsWith('mv.sid='))!)![1]!);
    expect(expires - Date.now()).toBeLessThanOrEqual(5 * 60_000 + 1000);
    expect(expires - Date.now()).toBeGreaterThan(4 * 60_000);
  });

  it('needs the challenge issued to this browser, once', async () => {
    const { device } = await registeredPatient();
    const client = browser();
    const options = await client.post('/api/passkeys/authentication/options');
    const elsewhere = await browser().post('/api/passkeys/authentication', { credential: device.authenticate(options.body) });
    expect(elsewhere.status).toBe(400);
    const first = await client.post('/api/passkeys/authentication', { credential: device.authenticate(options.body) });
    expect(first.status).toBe(200);
    const again = await new TestClient(server.url).request('POST', '/api/passkeys/authentication', { credential: device.authenticate(options.body) });
    expect(again.status).toBe(400);
  });
});
