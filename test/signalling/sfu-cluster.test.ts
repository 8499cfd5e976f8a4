import { startTestServer, type TestServer } from '../support/app';
import { sfuTestsRun } from '../support/mediasoup-worker';
import { startRedis, type RedisServer } from '../support/redis';
import { joinedCall, nextEvent, OPUS_RTP_PARAMETERS, request, type ClientSocket } from './helpers';

const describeSfu = sfuTestsRun('SFU cluster tests') ? describe : describe.skip;

/** Two servers running the SFU, sharing one Redis and one PostgreSQL, as two processes behind a load balancer. */
describeSfu('the SFU across two servers', () => {
  let redis: RedisServer;
  let first: TestServer;
  let second: TestServer;
  const sockets: ClientSocket[] = [];
  const sfuEnv = () => ({ REDIS_URL: redis.url, MEDIA_MODE: 'sfu', MEDIASOUP_WORKERS: '1', MEDIASOUP_LISTEN_IP: '127.0.0.1' });

  beforeAll(async () => {
    redis = await startRedis();
    first = await startTestServer(sfuEnv());
    second = await startTestServer(sfuEnv());
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await second?.close();
    await first?.close();
    await redis?.stop();
  });

  it('puts a patient on one and the doctor on the other on one Router: each consumes what the other produces', async () => {
    const { consultationId, patient, doctor } = await joinedCall(first.url, second.url);
    sockets.push(patient, doctor);

    const patientCaps = await request(patient, 'sfu:getRouterRtpCapabilities', { consultationId });
    const doctorCaps = await request(doctor, 'sfu:getRouterRtpCapabilities', { consultationId });
    expect(doctorCaps).toEqual(patientCaps);
    const send = await request(patient, 'sfu:createTransport', { consultationId, direction: 'send' });
    const recv = await request(doctor, 'sfu:createTransport', { consultationId, direction: 'recv' });
    expect(send.ok && recv.ok).toBe(true);

    const announced = nextEvent(doctor, 'sfu:newProducer');
    const produced = await request(patient, 'sfu:produce', { consultationId, transportId: send.ok ? send.data.id : '', kind: 'audio', rtpParameters: OPUS_RTP_PARAMETERS, appData: { source: 'mic' } });
    expect(produced.ok).toBe(true);
    const producerId = produced.ok ? produced.data.producerId : '';
    expect(await announced).toMatchObject({ consultationId, producerId, role: 'patient' });

    // The doctor's server has no Router of its own for this call: consuming works only on the patient's.
    const listed = await request(doctor, 'sfu:getProducers', { consultationId });
    expect(listed.ok && listed.data.producers.map((p: { producerId: string }) => p.producerId)).toEqual([producerId]);
    const consumed = await request(doctor, 'sfu:consume', { consultationId, producerId, rtpCapabilities: doctorCaps.ok ? doctorCaps.data.rtpCapabilities : {} });
    expect(consumed).toMatchObject({ ok: true, data: { producerId, kind: 'audio', role: 'patient' } });
    expect(await request(doctor, 'sfu:resumeConsumer', { consultationId, consumerId: consumed.ok ? consumed.data.id : '' })).toEqual({ ok: true, data: null });

    // A refusal on the owner keeps its code on the other server.
    expect(await request(doctor, 'sfu:restartIce', { consultationId, transportId: send.ok ? send.data.id : '' })).toMatchObject({ ok: false, error: { code: 'not_found' } });

    // The patient's process goes away from the call: the doctor, on the other process, learns the media is gone.
    const closed = nextEvent(doctor, 'sfu:producerClosed');
    await request(patient, 'consultation:leave', { consultationId });
    expect(await closed).toEqual({ consultationId, producerId });
  });
});
