import { randomUUID } from 'node:crypto';
import { CLIENT_EVENTS } from '../../common/socket-events';
import { AuditEvent } from '../../db/models';
import { createDoctor, createPatient, signedInClient } from '../support/factories';
import { createCallParties, request, useSignallingServer, OPUS_RTP_PARAMETERS, type CallParties } from './helpers';

/**
 * Every socket request, sent by someone who is no side of the consultation it names (another patient, another
 * doctor), is refused as REST refuses a foreign record: the ack's error (with its request id) says no more
 * than it would about a consultation that does not exist, and a `denied` row names who asked, which event,
 * which consultation, whose it is, and that request id. Admins and visitors never get a socket to ask with
 * (test/signalling/auth.test.ts).
 */
const harness = useSignallingServer();

type ClientEvent = (typeof CLIENT_EVENTS)[number];

/** A payload each event's schema accepts, naming the consultation (the ids of transports and the like are nobody's). */
const PAYLOADS: Record<ClientEvent, (consultationId: string) => Record<string, unknown>> = {
  'consultation:join': (consultationId) => ({ consultationId }),
  'consultation:leave': (consultationId) => ({ consultationId }),
  'consultation:setStatus': (consultationId) => ({ consultationId, status: 'in_progress' }),
  'consultation:waitingPatients': () => ({}),
  'chat:send': (consultationId) => ({ consultationId, text: 'let me in' }),
  'chat:history': (consultationId) => ({ consultationId }),
  'media:state': (consultationId) => ({ consultationId, audio: true, video: false, screen: false }),
  'media:iceServers': (consultationId) => ({ consultationId }),
  'p2p:signal': (consultationId) => ({ consultationId, session: 's1', signal: { type: 'offer', sdp: 'x' } }),
  'consultation:lobby': (consultationId) => ({ consultationId }),
  'guest:admit': (consultationId) => ({ consultationId, guestId: randomUUID() }),
  'guest:remove': (consultationId) => ({ consultationId, guestId: randomUUID() }),
  'sfu:getRouterRtpCapabilities': (consultationId) => ({ consultationId }),
  'sfu:createTransport': (consultationId) => ({ consultationId, direction: 'send' }),
  'sfu:connectTransport': (consultationId) => ({ consultationId, transportId: randomUUID(), dtlsParameters: { role: 'client', fingerprints: [] } }),
  'sfu:produce': (consultationId) => ({ consultationId, transportId: randomUUID(), kind: 'audio', rtpParameters: OPUS_RTP_PARAMETERS, appData: { source: 'mic' } }),
  'sfu:getProducers': (consultationId) => ({ consultationId }),
  'sfu:consume': (consultationId) => ({ consultationId, producerId: randomUUID(), rtpCapabilities: { codecs: [] } }),
  'sfu:resumeConsumer': (consultationId) => ({ consultationId, consumerId: randomUUID() }),
  'sfu:pauseProducer': (consultationId) => ({ consultationId, producerId: randomUUID() }),
  'sfu:resumeProducer': (consultationId) => ({ consultationId, producerId: randomUUID() }),
  'sfu:closeProducer': (consultationId) => ({ consultationId, producerId: randomUUID() }),
  'sfu:restartIce': (consultationId) => ({ consultationId, transportId: randomUUID() }),
};

/**
 * Requests that reveal and change nothing of the consultation they name, so are no refusal: leaving a room the
 * socket is not in, the media server's codecs (the same for every consultation), and the doctor's own waiting
 * list (which names none).
 */
const NOT_ABOUT_THE_CONSULTATION = new Set<ClientEvent>(['consultation:leave', 'sfu:getRouterRtpCapabilities', 'consultation:waitingPatients']);

/** Events answered as a record the sender may not reach (join, status, history, the lobby and its guests): not_found, as for no consultation. */
const READS_THE_CONSULTATION = new Set<ClientEvent>(['consultation:join', 'consultation:setStatus', 'chat:history', 'consultation:lobby', 'guest:admit', 'guest:remove']);

let parties: CallParties;
beforeAll(async () => {
  parties = await createCallParties(harness.server.url);
});

async function strangers() {
  const [patient, doctor] = await Promise.all([createPatient(), createDoctor()]);
  const [patientHttp, doctorHttp] = await Promise.all([signedInClient(harness.server.url, patient), signedInClient(harness.server.url, doctor)]);
  return [
    { kind: 'patient', id: patient.record.id, socket: await harness.socketFor(patientHttp) },
    { kind: 'doctor', id: doctor.record.id, socket: await harness.socketFor(doctorHttp) },
  ] as const;
}

const deniedRowsOf = (requestId: string) =>
  AuditEvent.query().where({ requestId }).select('actorKind', 'actorId', 'action', 'resourceType', 'resourceId', 'patientId', 'outcome');

describe("a stranger's socket requests about a consultation", () => {
  it('cover every client event', () => {
    expect(Object.keys(PAYLOADS).sort()).toEqual([...CLIENT_EVENTS].sort());
  });

  const refusable = CLIENT_EVENTS.filter((event) => !NOT_ABOUT_THE_CONSULTATION.has(event));
  it.each(refusable)('%s is refused to another patient and another doctor, each refusal audited with its request id', async (event) => {
    const consultationId = parties.consultation.id;
    for (const stranger of await strangers()) {
      const answer = await request(stranger.socket, event, PAYLOADS[event](consultationId));
      const code = READS_THE_CONSULTATION.has(event) ? 'not_found' : 'not_joined';
      expect({ who: stranger.kind, answer }).toMatchObject({ who: stranger.kind, answer: { ok: false, error: { code, requestId: expect.any(String) } } });
      const requestId = answer.ok ? '' : answer.error.requestId!;
      expect(await deniedRowsOf(requestId)).toEqual([
        {
          actorKind: stranger.kind,
          actorId: stranger.id,
          action: `denied ${event}`,
          resourceType: 'consultation',
          resourceId: consultationId,
          patientId: parties.patient.record.id,
          outcome: 'denied',
        },
      ]);
    }
  });

  it.each(refusable)('%s about a consultation that does not exist gets the same answer, its row naming no patient', async (event) => {
    const missing = randomUUID();
    const [stranger] = await strangers();
    const answer = await request(stranger.socket, event, PAYLOADS[event](missing));
    const code = READS_THE_CONSULTATION.has(event) ? 'not_found' : 'not_joined';
    expect(answer).toMatchObject({ ok: false, error: { code } });
    expect(await deniedRowsOf(answer.ok ? '' : answer.error.requestId!)).toEqual([expect.objectContaining({ resourceId: missing, patientId: null, outcome: 'denied' })]);
  });

  it('writes no denied row for its own side', async () => {
    const consultationId = parties.consultation.id;
    const own = await harness.socketFor(parties.patientHttp);
    expect(await request(own, 'consultation:join', { consultationId })).toMatchObject({ ok: true });
    expect(await request(own, 'media:state', PAYLOADS['media:state'](consultationId))).toMatchObject({ ok: true });
    expect(await AuditEvent.query().where({ resourceId: consultationId, actorId: parties.patient.record.id, outcome: 'denied' })).toEqual([]);
  });
});
