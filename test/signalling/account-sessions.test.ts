import { TestClient } from '../support/client';
import { createDoctor, createPatient, signedInClient } from '../support/factories';
import { closedWithin, useSignallingServer } from './helpers';

/** Changing one's password and ending one's other devices, over HTTP and on their open sockets. */
const harness = useSignallingServer();

const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function deviceOf(login: string, password: string, userAgent: string): Promise<TestClient> {
  const client = new TestClient(harness.server.url, { 'user-agent': userAgent });
  expect((await client.post('/api/auth/login', { usernameOrEmail: login, password })).status).toBe(200);
  return client;
}

const sessionValue = (client: TestClient) => decodeURIComponent(/mv\.sid=([^;]+)/.exec(client.cookieHeader)![1]!);

describe('change password', () => {
  it('needs the current password and a strong new one, then ends every other session and its socket within a second', async () => {
    const account = await createPatient();
    const here = await signedInClient(harness.server.url, account);
    const elsewhere = await signedInClient(harness.server.url, account);
    const elsewhereSocket = await harness.socketFor(elsewhere);
    const hereSocket = await harness.socketFor(here);

    const wrong = await here.post('/api/auth/password', { currentPassword: 'not-it-at-all', newPassword: 'Brand-New-Pass-7', confirmPassword: 'Brand-New-Pass-7' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ currentPassword: 'Current password is incorrect' });
    const common = await here.post('/api/auth/password', { currentPassword: account.password, newPassword: 'Sunshine123', confirmPassword: 'Sunshine123' });
    expect(common.status).toBe(400);
    expect(common.body.fields).toEqual({ newPassword: 'This password is too common. Choose one that is harder to guess.' });
    const short = await here.post('/api/auth/password', { currentPassword: account.password, newPassword: 'Xq7-zk', confirmPassword: 'Xq7-zk' });
    expect(short.body.fields).toEqual({ newPassword: 'Password must be at least 8 characters' });
    expect((await elsewhere.get('/api/auth/me')).status).toBe(200);

    const closing = closedWithin(elsewhereSocket, 1000);
    expect((await here.post('/api/auth/password', { currentPassword: account.password, newPassword: 'Brand-New-Pass-7', confirmPassword: 'Brand-New-Pass-7' })).status).toBe(204);
    expect(await closing).toBeLessThan(1000);
    expect((await elsewhere.get('/api/auth/me')).status).toBe(401);
    expect((await here.get('/api/auth/me')).status).toBe(200);
    expect(hereSocket.connected).toBe(true);

    const fresh = () => new TestClient(harness.server.url);
    expect((await fresh().post('/api/auth/login', { usernameOrEmail: account.login, password: account.password })).status).toBe(401);
    expect((await fresh().post('/api/auth/login', { usernameOrEmail: account.login, password: 'Brand-New-Pass-7' })).status).toBe(200);
  });

  it('works for doctors too', async () => {
    const doctor = await createDoctor();
    const here = await signedInClient(harness.server.url, doctor);
    const elsewhere = await signedInClient(harness.server.url, doctor);
    expect((await here.post('/api/auth/password', { currentPassword: doctor.password, newPassword: 'Clinic-Night-42', confirmPassword: 'Clinic-Night-42' })).status).toBe(204);
    expect((await elsewhere.get('/api/auth/doctor/me')).status).toBe(401);
    expect((await new TestClient(harness.server.url).post('/api/auth/doctor/login', { email: doctor.login, password: 'Clinic-Night-42' })).status).toBe(200);
  });
});

describe('signed-in devices', () => {
  it('lists each session with a coarse device label and times, flags this one, and never shows a session id', async () => {
    const account = await createPatient();
    const laptop = await deviceOf(account.login, account.password, WINDOWS_CHROME);
    const phone = await deviceOf(account.login, account.password, IPHONE_SAFARI);
    const res = await laptop.get('/api/auth/sessions');
    expect(res.status).toBe(200);
    expect(res.body.map((d: { device: string; current: boolean }) => [d.device, d.current]).sort()).toEqual([
      ['Chrome on Windows', true],
      ['Safari on iOS', false],
    ]);
    for (const device of res.body) {
      expect(Date.parse(device.createdAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(Date.parse(device.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(device.createdAt));
    }
    const text = JSON.stringify(res.body);
    for (const client of [laptop, phone]) expect(text).not.toContain(sessionValue(client));
    // Another account's devices are not in the list.
    await signedInClient(harness.server.url, await createPatient());
    expect((await phone.get('/api/auth/sessions')).body).toHaveLength(2);
  });

  it('signs out one device by its handle, closing its socket; another account cannot touch it', async () => {
    const account = await createPatient();
    const laptop = await deviceOf(account.login, account.password, WINDOWS_CHROME);
    const phone = await deviceOf(account.login, account.password, IPHONE_SAFARI);
    const phoneSocket = await harness.socketFor(phone);
    const phoneHandle = (await laptop.get('/api/auth/sessions')).body.find((d: { current: boolean }) => !d.current).id;

    const stranger = await signedInClient(harness.server.url, await createPatient());
    expect((await stranger.delete(`/api/auth/sessions/${phoneHandle}`)).status).toBe(404);
    expect((await phone.get('/api/auth/me')).status).toBe(200);

    const closing = closedWithin(phoneSocket, 1000);
    expect((await laptop.delete(`/api/auth/sessions/${phoneHandle}`)).status).toBe(204);
    await closing;
    expect((await phone.get('/api/auth/me')).status).toBe(401);
    expect((await laptop.get('/api/auth/sessions')).body).toHaveLength(1);
  });

  it("'sign out other devices' leaves only this one", async () => {
    const account = await createPatient();
    const devices = await Promise.all([WINDOWS_CHROME, IPHONE_SAFARI, IPHONE_SAFARI].map((ua) => deviceOf(account.login, account.password, ua)));
    const [here, ...others] = devices as [TestClient, ...TestClient[]];
    expect((await here.get('/api/auth/sessions')).body).toHaveLength(3);
    expect((await here.post('/api/auth/sessions/revoke-others', {})).status).toBe(204);
    const left = (await here.get('/api/auth/sessions')).body;
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ current: true, device: 'Chrome on Windows' });
    for (const other of others) expect((await other.get('/api/auth/me')).status).toBe(401);
  });
});
