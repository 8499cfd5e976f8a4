import { createHmac } from 'node:crypto';
import { startTestServer, type TestServer } from '../support/app';
import { createCallParties, request, signedInSocket, type ClientSocket } from './helpers';

const SECRET = 'shared-with-coturn-only';

describe('consultation:join with a TURN server', () => {
  let server: TestServer;
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    server = await startTestServer({
      ICE_SERVERS: '[{"urls":"stun:stun.example.org:3478"}]',
      TURN_URLS: 'turn:turn.example.org:3478?transport=udp,turns:turn.example.org:5349',
      TURN_SECRET: SECRET,
      TURN_CREDENTIAL_TTL_SECONDS: '600',
      ICE_TRANSPORT_POLICY: 'relay',
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server.close();
  });

  /** A fresh patient and doctor with a consultation between them, each with a signed-in socket. */
  async function connectedParties() {
    const parties = await createCallParties(server.url);
    const patient = await signedInSocket(server.url, parties.patientHttp);
    const doctor = await signedInSocket(server.url, parties.doctorHttp);
    sockets.push(patient, doctor);
    return { parties, consultationId: parties.consultation.id, patient, doctor };
  }

  it('hands each side credentials of its own that coturn accepts until they expire, and the relay-only policy', async () => {
    const { parties, consultationId, patient, doctor } = await connectedParties();
    const before = Math.floor(Date.now() / 1000);
    const answers = [await request(patient, 'consultation:join', { consultationId }), await request(doctor, 'consultation:join', { consultationId })];
    const ids = [parties.patient.record.id, parties.doctor.record.id];
    answers.forEach((answer, i) => {
      expect(answer.ok && answer.data.iceTransportPolicy).toBe('relay');
      const [stun, turn] = answer.ok ? answer.data.iceServers : [];
      expect(stun).toEqual({ urls: 'stun:stun.example.org:3478' });
      expect(turn.urls).toEqual(['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349']);
      const [expiry, subject] = turn.username.split(':');
      expect(Number(expiry)).toBeGreaterThanOrEqual(before + 600);
      expect(Number(expiry)).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 600);
      expect(subject).toBe(ids[i]);
      // What coturn computes with its static-auth-secret from the username it is given.
      expect(turn.credential).toBe(createHmac('sha1', SECRET).update(turn.username).digest('base64'));
      expect(JSON.stringify(answer)).not.toContain(SECRET);
    });
  });

  it('hands a participant fresh credentials to rebuild a link with, and nobody outside the room any', async () => {
    const { parties, consultationId, patient, doctor } = await connectedParties();
    expect((await request(patient, 'media:iceServers', { consultationId })).ok).toBe(false);
    await request(patient, 'consultation:join', { consultationId });
    const before = Math.floor(Date.now() / 1000);
    const fresh = await request(patient, 'media:iceServers', { consultationId });
    expect(fresh.ok && fresh.data.iceTransportPolicy).toBe('relay');
    const turn = fresh.ok ? fresh.data.iceServers[1] : undefined;
    const [expiry, subject] = turn.username.split(':');
    expect(Number(expiry)).toBeGreaterThanOrEqual(before + 600);
    expect(subject).toBe(parties.patient.record.id);
    expect(turn.credential).toBe(createHmac('sha1', SECRET).update(turn.username).digest('base64'));
    // The doctor has not joined: not in the room, so no credentials.
    expect((await request(doctor, 'media:iceServers', { consultationId })).ok).toBe(false);
  });
});
