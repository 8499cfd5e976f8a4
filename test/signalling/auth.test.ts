import { startTestServer, type TestServer } from '../support/app';
import { createAdmin, createPatient, signedInClient } from '../support/factories';
import { testKnex } from '../support/db';
import { fingerprintOf } from '../../server/session';
import { randomUUID } from 'node:crypto';
import { connected, openSocket, request, signedInSocket } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function connectError(socket: ReturnType<typeof openSocket>): Promise<string> {
  try {
    await connected(socket);
  } catch (err) {
    return (err as Error).message;
  } finally {
    socket.close();
  }
  throw new Error('the socket connected');
}

describe('signalling handshake', () => {
  it('refuses a connection without a session', async () => {
    expect(await connectError(openSocket(server.url))).toBe('Please sign in to continue.');
  });

  it('refuses a forged or unknown session cookie', async () => {
    expect(await connectError(openSocket(server.url, undefined, { cookie: 'mv.sid=forged; mv.sid.sig=forged' }))).toBe('Please sign in to continue.');
  });

  it('accepts a signed-in patient and refuses a foreign Origin for the same session', async () => {
    const client = await signedInClient(server.url, await createPatient());
    const socket = await signedInSocket(server.url, client);
    expect(socket.connected).toBe(true);
    socket.close();
    // Over a WebSocket the client only learns that the upgrade failed; the handshake over HTTP reads the reason.
    expect(await connectError(openSocket(server.url, client, { origin: 'https://evil.example' }))).toBe('websocket error');
    const handshake = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, { headers: { cookie: client.cookieHeader, origin: 'https://evil.example' } });
    expect(handshake.status).toBe(403);
    expect(await handshake.json()).toMatchObject({ message: 'Cross-site connections are not allowed.' });
    const sameSite = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, { headers: { cookie: client.cookieHeader, origin: server.url } });
    expect(sameSite.status).toBe(200);
  });

  it('refuses an expired session', async () => {
    const client = await signedInClient(server.url, await createPatient());
    const sid = /mv\.sid=([^;]+)/.exec(client.cookieHeader)![1]!;
    const knex = await testKnex();
    await knex('sessions').where({ id: fingerprintOf(decodeURIComponent(sid)) }).update({ expiresAt: new Date(Date.now() - 1000) });
    expect(await connectError(openSocket(server.url, client))).toBe('Please sign in to continue.');
  });

  it('refuses a session that signed out', async () => {
    const client = await signedInClient(server.url, await createPatient());
    const stale = client.cookieHeader;
    expect((await client.post('/api/auth/logout')).status).toBeLessThan(300);
    expect(await connectError(openSocket(server.url, undefined, { cookie: stale }))).toBe('Please sign in to continue.');
  });

  it("a sign-out disconnects that session's open sockets at once, and not the same patient's other sessions", async () => {
    const patient = await createPatient();
    const [laptop, phone] = [await signedInClient(server.url, patient), await signedInClient(server.url, patient)];
    const [laptopSocket, phoneSocket] = [await signedInSocket(server.url, laptop), await signedInSocket(server.url, phone)];
    const laptopGone = new Promise<string>((resolve) => laptopSocket.once('disconnect', resolve));
    expect((await laptop.post('/api/auth/logout')).status).toBe(200);
    expect(await laptopGone).toBe('io server disconnect');
    const stillServed = await request(phoneSocket, 'consultation:leave', { consultationId: randomUUID() });
    expect(phoneSocket.connected).toBe(true);
    expect(stillServed).toHaveProperty('ok');
    phoneSocket.close();
  });

  it('closes a socket that spelled its cookie in quotes, and the sockets of a session replaced by a new sign-in', async () => {
    const patient = await createPatient();
    const quoted = await signedInClient(server.url, patient);
    const quotedCookie = quoted.cookieHeader.replace(/mv\.sid=([^;]+)/, 'mv.sid="$1"');
    const quotedSocket = await connected(openSocket(server.url, undefined, { cookie: quotedCookie }));
    const quotedGone = new Promise<string>((resolve) => quotedSocket.once('disconnect', resolve));
    expect((await quoted.post('/api/auth/logout')).status).toBe(200);
    expect(await quotedGone).toBe('io server disconnect');

    const browser = await signedInClient(server.url, patient);
    const before = await signedInSocket(server.url, browser);
    const beforeGone = new Promise<string>((resolve) => before.once('disconnect', resolve));
    const again = await browser.post('/api/auth/login', { usernameOrEmail: patient.record.username, password: patient.password });
    expect(again.status).toBe(200);
    expect(await beforeGone).toBe('io server disconnect');
  });

  it('refuses an admin: only patients and doctors take part in consultations', async () => {
    const client = await signedInClient(server.url, await createAdmin());
    expect(await connectError(openSocket(server.url, client))).toBe('Please sign in to continue.');
  });
});
