import { startTestServer, type TestServer } from '../support/app';
import { startRedis, type RedisServer } from '../support/redis';
import { createCallParties, joinedCall, nextEvent, request, signedInSocket, type ClientSocket } from './helpers';

/** Two app processes' worth of servers (each its own Socket.IO server) sharing one Redis and one PostgreSQL. */
let redis: RedisServer;
let first: TestServer;
let second: TestServer;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  redis = await startRedis();
  first = await startTestServer({ REDIS_URL: redis.url });
  second = await startTestServer({ REDIS_URL: redis.url });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await second?.close();
  await first?.close();
  await redis?.stop();
});

describe('two servers sharing Redis', () => {
  it('put a patient on one and the doctor on the other in the same room', async () => {
    const parties = await createCallParties(first.url);
    const consultationId = parties.consultation.id;
    // The doctor's session was made through the first server; sessions live in PostgreSQL, so the second knows it.
    const patient = await signedInSocket(first.url, parties.patientHttp);
    const doctor = await signedInSocket(second.url, parties.doctorHttp);
    const doctorDashboard = await signedInSocket(second.url, parties.doctorHttp);
    sockets.push(patient, doctor, doctorDashboard);

    await request(patient, 'consultation:join', { consultationId });
    const presence = nextEvent(patient, 'presence', (p) => p.participants.length === 2);
    const joined = await request(doctor, 'consultation:join', { consultationId });
    expect(joined.ok && joined.data.participants.map((p: { role: string }) => p.role)).toEqual(['patient', 'doctor']);
    expect((await presence).participants.map((p: { name: string }) => p.name)).toEqual(['Nora Quinn', 'Amira Patel']);

    const chatAtDoctor = nextEvent(doctor, 'chat:message');
    await request(patient, 'chat:send', { consultationId, text: 'hello from process one' });
    expect(await chatAtDoctor).toMatchObject({ sender: 'patient', text: 'hello from process one' });
    const chatAtPatient = nextEvent(patient, 'chat:message', (m) => m.sender === 'doctor');
    await request(doctor, 'chat:send', { consultationId, text: 'hello from process two' });
    expect(await chatAtPatient).toMatchObject({ sender: 'doctor', text: 'hello from process two' });

    const signal = nextEvent(doctor, 'p2p:signal');
    await request(patient, 'p2p:signal', { consultationId, session: 'cross', signal: { type: 'offer', sdp: 'v=0' } });
    expect(await signal).toEqual({ consultationId, session: 'cross', signal: { type: 'offer', sdp: 'v=0' }, from: 'patient' });

    const toggle = nextEvent(patient, 'media:state');
    await request(doctor, 'media:state', { consultationId, audio: false, video: true, screen: false });
    expect(await toggle).toMatchObject({ role: 'doctor', audio: false });

    // A REST change on the first server reaches the doctor's screens on the second.
    const statusInCall = nextEvent(doctor, 'consultation:status');
    const statusOnDashboard = nextEvent(doctorDashboard, 'consultation:status');
    const response = await parties.doctorHttp.put(`/api/doctor/consultation/${consultationId}/status`, { status: 'in_progress' });
    expect(response.status).toBe(200);
    expect(await statusInCall).toEqual({ consultationId, status: 'in_progress' });
    expect(await statusOnDashboard).toEqual({ consultationId, status: 'in_progress' });

    const left = nextEvent(patient, 'presence', (p) => p.participants.length === 1);
    doctor.disconnect();
    expect((await left).participants).toEqual([{ role: 'patient', name: 'Nora Quinn' }]);
  });

  it("tell the doctor's dashboard on one server that the patient waits in the call on the other", async () => {
    const parties = await createCallParties(first.url);
    const consultationId = parties.consultation.id;
    const dashboard = await signedInSocket(second.url, parties.doctorHttp);
    const patient = await signedInSocket(first.url, parties.patientHttp);
    sockets.push(dashboard, patient);

    const pushed = nextEvent(dashboard, 'consultation:patientWaiting');
    await request(patient, 'consultation:join', { consultationId });
    expect(await pushed).toEqual({ consultationId, waiting: true, patientName: 'Nora Quinn', waitingSince: expect.any(String) });
    expect(await request(dashboard, 'consultation:waitingPatients', {})).toEqual({ ok: true, data: { patients: [{ consultationId, patientName: 'Nora Quinn', waitingSince: expect.any(String) }] } });
  });

  it('empty a cancelled consultation\'s room on every server, and the other server refuses its requests', async () => {
    const { parties, consultationId, patient, doctor } = await joinedCall(first.url, second.url);
    sockets.push(patient, doctor);
    const room = `consultation:${consultationId}`;
    expect(await second.signalling.io.in(room).fetchSockets()).toHaveLength(2);

    const pushed = nextEvent(doctor, 'consultation:status');
    expect((await parties.patientHttp.post(`/api/consultations/${consultationId}/cancel`)).status).toBe(200);
    expect(await pushed).toEqual({ consultationId, status: 'cancelled' });
    expect(await second.signalling.io.in(room).fetchSockets()).toHaveLength(0);
    expect(await request(doctor, 'chat:send', { consultationId, text: 'hello?' })).toMatchObject({ ok: false, error: { code: 'consultation_ended' } });
  });

  it("close a session's sockets on every server when it signs out on one", async () => {
    const parties = await createCallParties(first.url);
    const patient = await signedInSocket(first.url, parties.patientHttp);
    sockets.push(patient);
    const gone = new Promise<string>((resolve) => patient.once('disconnect', resolve));
    const signedOut = await fetch(`${second.url}/api/auth/logout`, { method: 'POST', headers: { origin: second.url, cookie: parties.patientHttp.cookieHeader } });
    expect(signedOut.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });
});
