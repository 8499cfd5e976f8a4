import { CONSULTATION_ENDED_MESSAGE } from '../../common/consultation-status';
import { ChatMessage, Consultation } from '../../db/models';
import { consultationRoom } from '../../signalling/rooms/names';
import { testKnex } from '../support/db';
import { fingerprintOf } from '../../server/session';
import type { TestClient } from '../support/client';
import { caughtUp, createCallParties, nextEvent, recorder, request, signedInSocket, sleep, useSignallingServer, type ClientSocket } from './helpers';

/**
 * Authorization that stays live: every request, not only the join, is refused once the session has
 * ended or the consultation has. The server trusts what it last read for SOCKET_AUTH_RECHECK_MS; this
 * file shortens that so a test need not wait the default 2 s.
 */
const RECHECK_MS = 150;
const harness = useSignallingServer({ SOCKET_AUTH_RECHECK_MS: String(RECHECK_MS) });
const socketFor = (client: TestClient) => harness.socketFor(client);

async function joinedPair() {
  const parties = await createCallParties(harness.server.url);
  const consultationId = parties.consultation.id;
  const patient = await socketFor(parties.patientHttp);
  const doctor = await socketFor(parties.doctorHttp);
  expect((await request(patient, 'consultation:join', { consultationId })).ok).toBe(true);
  expect((await request(doctor, 'consultation:join', { consultationId })).ok).toBe(true);
  return { ...parties, consultationId, patient, doctor };
}

/** The sessions row of the client's session: the store keys it by the id's fingerprint. */
const sessionId = (client: TestClient) => fingerprintOf(decodeURIComponent(/mv\.sid=([^;]+)/.exec(client.cookieHeader)![1]!));

/** Resolves with the reason once the server closes the socket. */
const closed = (socket: ClientSocket) => new Promise<string>((resolve) => socket.once('disconnect', resolve));

const SESSION_ENDED = { ok: false, error: { code: 'session_ended', message: 'Your session has ended. Please sign in again.', requestId: expect.any(String) } };
const CONSULTATION_ENDED = { ok: false, error: { code: 'consultation_ended', message: CONSULTATION_ENDED_MESSAGE, requestId: expect.any(String) } };

describe('a session that ended under an open socket', () => {
  it('whose row was deleted: the next chat line is refused with session_ended, then the socket is closed', async () => {
    const { consultationId, patient, doctor, patientHttp } = await joinedPair();
    const doctorLog = recorder(doctor);
    await (await testKnex())('sessions').where({ id: sessionId(patientHttp) }).delete();
    await sleep(RECHECK_MS + 50);

    const gone = closed(patient);
    expect(await request(patient, 'chat:send', { consultationId, text: 'still there?' })).toEqual(SESSION_ENDED);
    expect(await gone).toBe('io server disconnect');
    expect(await ChatMessage.query().where({ consultationId })).toHaveLength(0);
    expect(doctorLog.events.filter((e) => e.event === 'chat:message')).toEqual([]);

    // The other side's session is untouched.
    expect((await request(doctor, 'chat:send', { consultationId, text: 'I am still here' })).ok).toBe(true);
  });

  it('that expired: a p2p signal is refused and the socket closed, and nothing is relayed', async () => {
    const { consultationId, patient, doctor, doctorHttp } = await joinedPair();
    const patientLog = recorder(patient);
    await (await testKnex())('sessions').where({ id: sessionId(doctorHttp) }).update({ expiresAt: new Date(Date.now() - 1000) });
    await sleep(RECHECK_MS + 50);

    const gone = closed(doctor);
    expect(await request(doctor, 'p2p:signal', { consultationId, session: 's1', signal: { type: 'offer', sdp: 'v=0' } })).toEqual(SESSION_ENDED);
    expect(await gone).toBe('io server disconnect');
    await caughtUp(patient);
    expect(patientLog.events.filter((e) => e.event === 'p2p:signal')).toEqual([]);
  });

  it('refuses SFU requests, leaving and joining alike (the session is checked before anything else)', async () => {
    for (const [event, payload] of [
      ['sfu:getRouterRtpCapabilities', {}],
      ['sfu:createTransport', { direction: 'send' }],
      ['consultation:leave', {}],
      ['consultation:join', {}],
    ] as const) {
      const { consultationId, patient, patientHttp } = await joinedPair();
      await (await testKnex())('sessions').where({ id: sessionId(patientHttp) }).delete();
      await sleep(RECHECK_MS + 50);
      const gone = closed(patient);
      expect(await request(patient, event, { consultationId, ...payload })).toEqual(SESSION_ENDED);
      expect(await gone).toBe('io server disconnect');
    }
  });

  it('a new socket with the same cookie is refused at the handshake', async () => {
    const { patientHttp } = await joinedPair();
    await (await testKnex())('sessions').where({ id: sessionId(patientHttp) }).delete();
    await expect(signedInSocket(harness.server.url, patientHttp)).rejects.toThrow('Please sign in to continue.');
  });
});

describe('a consultation that ended under open sockets', () => {
  it('cancelled over REST: both sockets leave its room at once and every further room request is refused', async () => {
    const { consultationId, patient, doctor, patientHttp } = await joinedPair();
    const pushes = [patient, doctor].map((s) => nextEvent(s, 'consultation:status'));
    expect((await patientHttp.post(`/api/consultations/${consultationId}/cancel`)).status).toBe(200);
    for (const push of pushes) expect(await push).toEqual({ consultationId, status: 'cancelled' });
    expect(await harness.server.signalling.io.in(consultationRoom(consultationId)).fetchSockets()).toHaveLength(0);

    const patientLog = recorder(patient);
    expect(await request(doctor, 'chat:send', { consultationId, text: 'are you there?' })).toEqual(CONSULTATION_ENDED);
    expect(await request(doctor, 'p2p:signal', { consultationId, session: 's1', signal: { type: 'offer', sdp: 'v=0' } })).toEqual(CONSULTATION_ENDED);
    expect(await request(doctor, 'media:state', { consultationId, audio: true, video: true, screen: false })).toEqual(CONSULTATION_ENDED);
    expect(await request(patient, 'sfu:createTransport', { consultationId, direction: 'send' })).toEqual(CONSULTATION_ENDED);
    await caughtUp(patient);
    expect(patientLog.events).toEqual([]);
    expect(await ChatMessage.query().where({ consultationId })).toHaveLength(0);
    // Refused, not cut off: the sockets still serve their owners' other screens.
    expect(patient.connected && doctor.connected).toBe(true);
  });

  it('changed where this process heard nothing (another process, the database): noticed within the recheck period', async () => {
    const { consultationId, patient, doctor } = await joinedPair();
    expect((await request(patient, 'chat:send', { consultationId, text: 'before' })).ok).toBe(true);
    await Consultation.query().findById(consultationId).patch({ status: 'cancelled', cancelledAt: new Date() });
    await sleep(RECHECK_MS + 50);

    expect(await request(patient, 'chat:send', { consultationId, text: 'after' })).toEqual(CONSULTATION_ENDED);
    const roomSockets = await harness.server.signalling.io.in(consultationRoom(consultationId)).fetchSockets();
    expect(roomSockets.map((s) => s.data.role)).toEqual(['doctor']);
    expect(await request(doctor, 'media:state', { consultationId, audio: true, video: true, screen: false })).toEqual(CONSULTATION_ENDED);
    expect(await harness.server.signalling.io.in(consultationRoom(consultationId)).fetchSockets()).toHaveLength(0);
  });

  it('a stranger still hears not_joined, never whether the consultation ended', async () => {
    const { consultationId, patientHttp } = await joinedPair();
    const others = await createCallParties(harness.server.url);
    const stranger = await socketFor(others.patientHttp);
    expect((await patientHttp.post(`/api/consultations/${consultationId}/cancel`)).status).toBe(200);
    expect(await request(stranger, 'chat:send', { consultationId, text: 'hello?' })).toMatchObject({ ok: false, error: { code: 'not_joined' } });
  });
});

describe('chat after a consultation ends', () => {
  it('is read-only once completed: lines are refused, the history stays readable, and joining shows it with no room', async () => {
    const { consultationId, patient, doctor, patientHttp } = await joinedPair();
    expect((await request(doctor, 'consultation:setStatus', { consultationId, status: 'in_progress' })).ok).toBe(true);
    expect((await request(patient, 'chat:send', { consultationId, text: 'Thank you, doctor' })).ok).toBe(true);
    const completed = nextEvent(patient, 'consultation:status', (e) => e.status === 'completed');
    expect((await request(doctor, 'consultation:setStatus', { consultationId, status: 'completed', diagnosis: 'Migraine' })).ok).toBe(true);
    await completed;

    expect(await request(patient, 'chat:send', { consultationId, text: 'One more question' })).toEqual(CONSULTATION_ENDED);
    expect(await request(doctor, 'chat:send', { consultationId, text: 'Follow-up note' })).toEqual(CONSULTATION_ENDED);

    const later = await socketFor(patientHttp);
    const joined = await request(later, 'consultation:join', { consultationId });
    expect(joined).toMatchObject({ ok: true, data: { consultation: { status: 'completed' }, participants: [], hasMoreMessages: false } });
    expect(joined.ok && joined.data.messages.map((m: { text: string }) => m.text)).toEqual(['Thank you, doctor']);
    expect(await request(later, 'chat:send', { consultationId, text: 'Hello?' })).toEqual(CONSULTATION_ENDED);
    const history = await request(later, 'chat:history', { consultationId });
    expect(history.ok && history.data.messages.map((m: { text: string }) => m.text)).toEqual(['Thank you, doctor']);
    expect(await ChatMessage.query().where({ consultationId })).toHaveLength(1);
  });
});
