import { createPatient, signedInClient } from '../support/factories';
import { createCallParties, request, sleep, useSignallingServer, type ClientSocket } from './helpers';

/**
 * Idle expiry and the absolute lifetime, configured in seconds here: 3 s idle, 6 s after sign-in at
 * the most. The socket's session is read again every 150 ms.
 */
const IDLE_MS = 3_000;
const ABSOLUTE_MS = 6_000;
const harness = useSignallingServer({
  SESSION_IDLE_MINUTES: String(IDLE_MS / 60_000),
  SESSION_ABSOLUTE_HOURS: String(ABSOLUTE_MS / 3_600_000),
  SOCKET_AUTH_RECHECK_MS: '150',
});

const closed = (socket: ClientSocket) => new Promise<string>((resolve) => socket.once('disconnect', resolve));

describe('session limits', () => {
  it('ends a session left idle for the idle period, and not before', async () => {
    const client = await signedInClient(harness.server.url, await createPatient());
    await sleep(IDLE_MS / 2);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    await sleep(IDLE_MS + 300);
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  it('ends a busy session at its absolute lifetime, over HTTP and on its socket', async () => {
    const { consultation, patientHttp } = await createCallParties(harness.server.url);
    const signedInAt = Date.now();
    const socket = await harness.socketFor(patientHttp);
    expect((await request(socket, 'consultation:join', { consultationId: consultation.id })).ok).toBe(true);

    // Used every half second: never idle, so only the absolute lifetime can end it.
    while (Date.now() - signedInAt < ABSOLUTE_MS - 1_000) {
      expect((await patientHttp.get('/api/auth/me')).status).toBe(200);
      expect((await request(socket, 'chat:send', { consultationId: consultation.id, text: 'still here' })).ok).toBe(true);
      await sleep(500);
    }
    await sleep(Math.max(0, signedInAt + ABSOLUTE_MS + 500 - Date.now()));
    expect((await patientHttp.get('/api/auth/me')).status).toBe(401);
    const gone = closed(socket);
    expect(await request(socket, 'chat:send', { consultationId: consultation.id, text: 'and now?' })).toMatchObject({ ok: false, error: { code: 'session_ended' } });
    expect(await gone).toBe('io server disconnect');
  }, 20_000);
});
