import type { JoinResult, PreparedSfuEvent } from '../../common/socket-events';
import { AuditEvent } from '../../db/models';
import { startTestServer, type TestServer } from '../support/app';
import { separateTestKnex } from '../support/db';
import { auditRefusal } from '../support/refused-audit';
import { mediasoupWorkerPids, sfuTestsRun } from '../support/mediasoup-worker';
import { createCallParties, joinedCall, nextEvent, OPUS_RTP_PARAMETERS, recorder, request, signedInSocket, type ClientSocket } from './helpers';

/** The SFU verbs against a real mediasoup worker (the jest setup names the one built for the installed mediasoup). */
const describeSfu = sfuTestsRun('SFU tests') ? describe : describe.skip;

/** A DTLS client's parameters as a browser sends them (any well-formed fingerprint connects the transport). */
const CLIENT_DTLS = { role: 'client', fingerprints: [{ algorithm: 'sha-256', value: Array.from({ length: 32 }, () => 'AB').join(':') }] };

describeSfu('mediasoup SFU', () => {
  let server: TestServer;
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    server = await startTestServer({ MEDIA_MODE: 'sfu', MEDIASOUP_WORKERS: '1', MEDIASOUP_LISTEN_IP: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server.close();
  });

  it('reports sfu in the join answer and in /api/health', async () => {
    const parties = await createCallParties(server.url);
    const patient = await signedInSocket(server.url, parties.patientHttp);
    sockets.push(patient);
    const joined = await request(patient, 'consultation:join', { consultationId: parties.consultation.id });
    expect(joined.ok && joined.data.media).toBe('sfu');
    const health = await fetch(`${server.url}/api/health`).then((r) => r.json());
    expect(health.media).toBe('sfu');
  });

  it("answers the Routers' RTP capabilities to a signed-in socket before it joins (the device check loads its device meanwhile)", async () => {
    const parties = await createCallParties(server.url);
    const patient = await signedInSocket(server.url, parties.patientHttp);
    sockets.push(patient);
    const consultationId = parties.consultation.id;
    const beforeJoining = await request(patient, 'sfu:getRouterRtpCapabilities', { consultationId });
    expect(beforeJoining.ok).toBe(true);
    const codecs = (beforeJoining.ok ? (beforeJoining.data.rtpCapabilities.codecs as { mimeType: string }[]) : []).map((c) => c.mimeType);
    expect(codecs).toEqual(expect.arrayContaining(['audio/opus', 'video/VP8']));
    await request(patient, 'consultation:join', { consultationId });
    expect(await request(patient, 'sfu:getRouterRtpCapabilities', { consultationId })).toEqual(beforeJoining);
  });

  it('prepares a joining client\'s transports and its consumers of what the other side sends when the join carries its RTP capabilities', async () => {
    const parties = await createCallParties(server.url);
    const consultationId = parties.consultation.id;
    const patient = await signedInSocket(server.url, parties.patientHttp);
    const doctor = await signedInSocket(server.url, parties.doctorHttp);
    sockets.push(patient, doctor);
    await request(doctor, 'consultation:join', { consultationId });
    const doctorSend = await request(doctor, 'sfu:createTransport', { consultationId, direction: 'send' });
    const produced = await request(doctor, 'sfu:produce', {
      consultationId,
      transportId: doctorSend.ok ? doctorSend.data.id : '',
      kind: 'audio',
      rtpParameters: OPUS_RTP_PARAMETERS,
      appData: { source: 'mic' },
    });
    const producerId = produced.ok ? produced.data.producerId : '';

    const caps = await request(patient, 'sfu:getRouterRtpCapabilities', { consultationId });
    // The join's audit row is held back (its table locked) so the join cannot be answered until the test lets it.
    const auditHeld = await AuditEvent.knex().transaction();
    await auditHeld.raw('lock table audit_events in share mode');
    const order: string[] = [];
    const media = nextEvent<PreparedSfuEvent>(patient, 'sfu:prepared');
    const joining = request<JoinResult>(patient, 'consultation:join', { consultationId, rtpCapabilities: caps.ok ? caps.data.rtpCapabilities : {} });
    void joining.then(() => order.push('join answered'));
    let ahead: PreparedSfuEvent;
    let resumed: Promise<unknown>;
    try {
      ahead = await media;
      order.push('media ahead');
      // The prepared consumer is the patient's own, resumed as soon as it arrives: the server holds that until the join is answered.
      resumed = request(patient, 'sfu:resumeConsumer', { consultationId, consumerId: ahead.sfu.consumers[0]?.id ?? '' });
      void resumed.then(() => order.push('consumer resumed'));
      // Connecting a prepared transport, asked after the resumption, is answered while the join is still held.
      expect(await request(patient, 'sfu:connectTransport', { consultationId, transportId: ahead.sfu.recv.id, dtlsParameters: CLIENT_DTLS })).toEqual({ ok: true, data: null });
      order.push('transport connected');
    } finally {
      await auditHeld.commit();
    }
    const joined = await joining;
    expect(joined.ok).toBe(true);
    const prepared = joined.ok ? joined.data.sfu : undefined;
    expect(prepared?.send.iceCandidates.length).toBeGreaterThan(0);
    expect(prepared?.recv.id).not.toBe(prepared?.send.id);
    expect(prepared?.consumers).toEqual([expect.objectContaining({ producerId, kind: 'audio', role: 'doctor', source: 'mic', producerPaused: false })]);
    // The same media went out ahead of the answer, with the role and ICE servers its transports need.
    expect(ahead).toEqual({ consultationId, role: 'patient', iceServers: joined.ok && joined.data.iceServers, iceTransportPolicy: joined.ok && joined.data.iceTransportPolicy, sfu: prepared });
    expect(await resumed).toEqual({ ok: true, data: null });
    expect(order).toEqual(['media ahead', 'transport connected', 'join answered', 'consumer resumed']);

    // Without capabilities (a client that builds its media itself) the join prepares nothing, and sends nothing ahead.
    const sentAhead = recorder(doctor);
    const plain = await request(doctor, 'consultation:join', { consultationId });
    expect(plain.ok && 'sfu' in plain.data).toBe(false);
    expect(sentAhead.events.map((e) => e.event)).not.toContain('sfu:prepared');
  });

  it('a join whose audit row cannot be stored, after its media went ahead, leaves the room: what it was handed does not work', async () => {
    const parties = await createCallParties(server.url);
    const consultationId = parties.consultation.id;
    const patient = await signedInSocket(server.url, parties.patientHttp);
    sockets.push(patient);
    const caps = await request(patient, 'sfu:getRouterRtpCapabilities', { consultationId });
    // The database refuses this patient's audit rows (as the owner can make it do), so the join cannot go on record.
    const owner = separateTestKnex();
    const refusal = auditRefusal(parties.patient.record.id);
    for (const statement of refusal.refuse) await owner.raw(statement);
    try {
      const media = nextEvent<PreparedSfuEvent>(patient, 'sfu:prepared');
      const joined = await request(patient, 'consultation:join', { consultationId, rtpCapabilities: caps.ok ? caps.data.rtpCapabilities : {} });
      expect(joined.ok).toBe(false);
      const ahead = await media;
      const connect = await request(patient, 'sfu:connectTransport', { consultationId, transportId: ahead.sfu.recv.id, dtlsParameters: CLIENT_DTLS });
      expect(connect.ok || connect.error.code).toBe('not_joined');
    } finally {
      for (const statement of refusal.lift) await owner.raw(statement);
      await owner.destroy();
    }
  });

  it('creates transports, produces, tells the other side, and consumes paused until resumed', async () => {
    const { consultationId, patient, doctor } = await joinedCall(server.url);
    sockets.push(patient, doctor);

    const caps = await request(patient, 'sfu:getRouterRtpCapabilities', { consultationId });
    expect(caps.ok && (caps.data.rtpCapabilities.codecs as unknown[]).length).toBeGreaterThan(0);
    const send = await request(patient, 'sfu:createTransport', { consultationId, direction: 'send' });
    expect(send.ok && send.data.iceCandidates.length).toBeGreaterThan(0);
    const sendId = send.ok ? send.data.id : '';

    // The doctor is in the media room once it has a transport, as the call screen does before it listens.
    const recv = await request(doctor, 'sfu:createTransport', { consultationId, direction: 'recv' });
    expect(recv.ok).toBe(true);
    const announced = nextEvent(doctor, 'sfu:newProducer');
    const produced = await request(patient, 'sfu:produce', {
      consultationId,
      transportId: sendId,
      kind: 'audio',
      rtpParameters: OPUS_RTP_PARAMETERS,
      appData: { source: 'mic' },
    });
    expect(produced.ok).toBe(true);
    const producerId = produced.ok ? produced.data.producerId : '';
    expect(await announced).toEqual({ consultationId, producerId, role: 'patient', source: 'mic', kind: 'audio' });

    const listed = await request(doctor, 'sfu:getProducers', { consultationId });
    expect(listed.ok && listed.data.producers.map((p: { producerId: string }) => p.producerId)).toEqual([producerId]);

    const doctorCaps = await request(doctor, 'sfu:getRouterRtpCapabilities', { consultationId });
    const consumed = await request(doctor, 'sfu:consume', { consultationId, producerId, rtpCapabilities: doctorCaps.ok ? doctorCaps.data.rtpCapabilities : {} });
    expect(consumed).toMatchObject({ ok: true, data: { producerId, kind: 'audio', role: 'patient', source: 'mic', producerPaused: false } });
    const consumerId = consumed.ok ? consumed.data.id : '';
    expect(await request(doctor, 'sfu:resumeConsumer', { consultationId, consumerId })).toEqual({ ok: true, data: null });

    const restarted = await request(patient, 'sfu:restartIce', { consultationId, transportId: sendId });
    expect(restarted.ok && typeof restarted.data.iceParameters.usernameFragment).toBe('string');

    const closed = nextEvent(doctor, 'sfu:producerClosed');
    await request(patient, 'consultation:leave', { consultationId });
    expect(await closed).toEqual({ consultationId, producerId });
  });

  it('refuses to consume one\'s own producer or a transport of someone else', async () => {
    const { consultationId, patient, doctor } = await joinedCall(server.url);
    sockets.push(patient, doctor);
    const send = await request(patient, 'sfu:createTransport', { consultationId, direction: 'send' });
    const sendId = send.ok ? send.data.id : '';
    const stolen = await request(doctor, 'sfu:restartIce', { consultationId, transportId: sendId });
    expect(stolen).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('replaces a peer\'s transport when it builds its media again, so nothing is consumed on the dead one', async () => {
    const parties = await createCallParties(server.url);
    const consultationId = parties.consultation.id;
    const patient = await signedInSocket(server.url, parties.patientHttp);
    sockets.push(patient);
    await request(patient, 'consultation:join', { consultationId });
    const first = await request(patient, 'sfu:createTransport', { consultationId, direction: 'recv' });
    const second = await request(patient, 'sfu:createTransport', { consultationId, direction: 'recv' });
    const firstId = first.ok ? first.data.id : '';
    const secondId = second.ok ? second.data.id : '';
    expect(await request(patient, 'sfu:restartIce', { consultationId, transportId: firstId })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect((await request(patient, 'sfu:restartIce', { consultationId, transportId: secondId })).ok).toBe(true);
  });

  it('replaces a worker killed mid-call, tells the room\'s peers to rejoin, and carries their media again', async () => {
    const { consultationId, patient, doctor } = await joinedCall(server.url);
    sockets.push(patient, doctor);
    expect((await request(patient, 'sfu:createTransport', { consultationId, direction: 'send' })).ok).toBe(true);
    expect((await request(doctor, 'sfu:createTransport', { consultationId, direction: 'recv' })).ok).toBe(true);

    // The test server runs in this process: its one worker is this process's child.
    const [worker, ...others] = mediasoupWorkerPids(process.pid);
    expect(worker).toBeDefined();
    expect(others).toEqual([]);
    const rejoins = [patient, doctor].map((socket) => nextEvent(socket, 'sfu:rejoin'));
    process.kill(worker!, 'SIGKILL');
    expect(await Promise.all(rejoins)).toEqual([{ consultationId }, { consultationId }]);

    // Rejoining at once works: the room opens on the replacement worker as soon as it is up.
    const send = await request(patient, 'sfu:createTransport', { consultationId, direction: 'send' });
    expect(send.ok).toBe(true);
    expect((await request(doctor, 'sfu:createTransport', { consultationId, direction: 'recv' })).ok).toBe(true);
    const replacement = mediasoupWorkerPids(process.pid);
    expect(replacement).toHaveLength(1);
    expect(replacement[0]).not.toBe(worker);

    const announced = nextEvent(doctor, 'sfu:newProducer');
    const produced = await request(patient, 'sfu:produce', { consultationId, transportId: send.ok ? send.data.id : '', kind: 'audio', rtpParameters: OPUS_RTP_PARAMETERS, appData: { source: 'mic' } });
    expect(produced.ok).toBe(true);
    const { producerId } = await announced;
    const caps = await request(doctor, 'sfu:getRouterRtpCapabilities', { consultationId });
    const consumed = await request(doctor, 'sfu:consume', { consultationId, producerId, rtpCapabilities: caps.ok ? caps.data.rtpCapabilities : {} });
    expect(consumed).toMatchObject({ ok: true, data: { producerId, kind: 'audio', role: 'patient' } });
  });
});
