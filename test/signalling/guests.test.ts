/**
 * Guests in the call (issue 38), over the socket: a guest waits in the lobby until the doctor lets them in,
 * then has presence, chat and SFU media with both sides; the doctor's removal and the consultation's end close
 * their sockets; every lobby wait, admission and removal is audited where the patient reads it.
 */
import { startTestServer, type TestServer } from '../support/app';
import { sfuTestsRun } from '../support/mediasoup-worker';
import { TestClient } from '../support/client';
import { AuditEvent, ConsultationGuest } from '../../db/models';
import { issueGuestLink } from '../../server/services/consultation-guests';
import { GUEST_LOBBY_MESSAGE } from '../../common/constants';
import type { PresenceEvent } from '../../common/socket-events';
import { closedWithin, createCallParties, nextEvent, OPUS_RTP_PARAMETERS, request, signedInSocket, type CallParties, type ClientSocket } from './helpers';

const describeSfu = sfuTestsRun('SFU guest tests') ? describe : describe.skip;

/** A browser that opened a doctor's guest link to the consultation. */
async function guestBrowser(baseUrl: string, parties: CallParties, name: string) {
  const { guest, token } = await ConsultationGuest.transaction((trx) =>
    issueGuestLink(trx, {
      consultationId: parties.consultation.id,
      invitedBy: { kind: 'doctor', doctorId: parties.doctor.record.id, name: parties.doctor.record.name },
      expiresAt: new Date(Date.now() + 3_600_000),
    }),
  );
  const http = new TestClient(baseUrl);
  const joined = await http.post('/api/guest/join', { token, name });
  if (joined.status !== 201) throw new Error(`guest link refused: ${joined.status}`);
  return { guestId: guest.id, http };
}

describeSfu('guests in an SFU call', () => {
  let server: TestServer;
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    server = await startTestServer({ MEDIA_MODE: 'sfu', MEDIASOUP_WORKERS: '1', MEDIASOUP_LISTEN_IP: '127.0.0.1' });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => server.close());

  async function open(client: TestClient): Promise<ClientSocket> {
    const socket = await signedInSocket(server.url, client);
    sockets.push(socket);
    return socket;
  }

  async function guestOf(parties: CallParties, name: string) {
    const { guestId, http } = await guestBrowser(server.url, parties, name);
    return { guestId, http, socket: await open(http) };
  }

  /** Patient and doctor in the call, and a guest waiting in its lobby. */
  async function callWithWaitingGuest() {
    const parties = await createCallParties(server.url);
    const consultationId = parties.consultation.id;
    const [patient, doctor] = await Promise.all([open(parties.patientHttp), open(parties.doctorHttp)]);
    await request(patient, 'consultation:join', { consultationId });
    await request(doctor, 'consultation:join', { consultationId });
    const guest = await guestOf(parties, 'Ines Interpreter');
    const lobbyPush = nextEvent(doctor, 'consultation:lobby', (e: { guests: unknown[] }) => e.guests.length > 0);
    const waiting = await request(guest.socket, 'consultation:join', { consultationId });
    return { parties, consultationId, patient, doctor, guest, waiting, lobbyPush };
  }

  it('a guest waits in the lobby, reads nothing, and the doctor sees who waits', async () => {
    const { parties, consultationId, patient, doctor, guest, waiting, lobbyPush } = await callWithWaitingGuest();
    expect(waiting).toMatchObject({ ok: false, error: { code: 'in_lobby', message: GUEST_LOBBY_MESSAGE } });
    expect(await lobbyPush).toEqual({ consultationId, guests: [{ guestId: guest.guestId, name: 'Ines Interpreter', waitingSince: expect.any(String) }] });
    expect(await request(doctor, 'consultation:lobby', { consultationId })).toMatchObject({ ok: true, data: { guests: [{ guestId: guest.guestId }] } });
    // Waiting is no place in the call: no chat, no history, no media, and the room does not list them.
    expect(await request(guest.socket, 'chat:send', { consultationId, text: 'hello?' })).toMatchObject({ ok: false, error: { code: 'not_joined' } });
    expect(await request(guest.socket, 'chat:history', { consultationId })).toMatchObject({ ok: false, error: { code: 'in_lobby' } });
    expect(await request(guest.socket, 'sfu:createTransport', { consultationId, direction: 'recv' })).toMatchObject({ ok: false, error: { code: 'not_joined' } });
    // Only the doctor sees the lobby and lets people in.
    expect(await request(patient, 'consultation:lobby', { consultationId })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await request(patient, 'guest:admit', { consultationId, guestId: guest.guestId })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await request(guest.socket, 'guest:admit', { consultationId, guestId: guest.guestId })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    // A guest of one consultation reaches no other.
    const other = await createCallParties(server.url);
    expect(await request(guest.socket, 'consultation:join', { consultationId: other.consultation.id })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await AuditEvent.query().where({ actorId: guest.guestId, action: 'guest.lobby', patientId: parties.patient.record.id }).resultSize()).toBe(1);
  });

  it('once let in, the guest is in the room with both sides, chats from then on, and sends and receives media through the SFU', async () => {
    const { parties, consultationId, patient, doctor, guest } = await callWithWaitingGuest();
    await request(patient, 'chat:send', { consultationId, text: 'Before the guest came' });

    const admitted = nextEvent(guest.socket, 'guest:admitted');
    const lobbyEmptied = nextEvent(doctor, 'consultation:lobby', (e: { guests: unknown[] }) => e.guests.length === 0);
    const presence = nextEvent(patient, 'presence', (e: { participants: unknown[] }) => e.participants.length === 3);
    expect(await request(doctor, 'guest:admit', { consultationId, guestId: guest.guestId })).toEqual({ ok: true, data: null });
    expect(await admitted).toEqual({ consultationId });
    await lobbyEmptied;

    const joined = await request(guest.socket, 'consultation:join', { consultationId });
    expect(joined).toMatchObject({ ok: true, data: { role: 'guest', media: 'sfu', messages: [] } });
    const everyone = [
      { role: 'patient', name: 'Nora Quinn' },
      { role: 'doctor', name: 'Amira Patel' },
      { role: 'guest', guestId: guest.guestId, name: 'Ines Interpreter' },
    ];
    expect(joined.ok && joined.data.participants).toEqual(everyone);
    expect((await presence).participants).toEqual(everyone);

    // Chat reaches everyone, the guest's line marked with who wrote it.
    const toPatient = nextEvent(patient, 'chat:message');
    const toDoctor = nextEvent(doctor, 'chat:message');
    const sent = await request(guest.socket, 'chat:send', { consultationId, text: 'I will translate' });
    expect(sent).toMatchObject({ ok: true, data: { message: { sender: 'guest', guestId: guest.guestId, senderName: 'Ines Interpreter', text: 'I will translate' } } });
    expect((await toPatient).text).toBe('I will translate');
    expect((await toDoctor).guestId).toBe(guest.guestId);
    const history = await request(guest.socket, 'chat:history', { consultationId });
    expect(history.ok && history.data.messages.map((m: { text: string }) => m.text)).toEqual(['I will translate']);
    const doctorHistory = await request(doctor, 'chat:history', { consultationId });
    expect(doctorHistory.ok && doctorHistory.data.messages.map((m: { senderName: string }) => m.senderName)).toEqual(['Nora Quinn', 'Ines Interpreter']);

    // Media: the guest's microphone reaches both sides, labelled as the guest's, and the guest consumes theirs.
    const caps = await request(doctor, 'sfu:getRouterRtpCapabilities', { consultationId });
    const rtpCapabilities = caps.ok ? caps.data.rtpCapabilities : {};
    for (const side of [patient, doctor, guest.socket]) await request(side, 'sfu:createTransport', { consultationId, direction: 'recv' });
    const patientSend = await request(patient, 'sfu:createTransport', { consultationId, direction: 'send' });
    const patientMic = await request(patient, 'sfu:produce', { consultationId, transportId: patientSend.ok ? patientSend.data.id : '', kind: 'audio', rtpParameters: OPUS_RTP_PARAMETERS, appData: { source: 'mic' } });
    const guestSend = await request(guest.socket, 'sfu:createTransport', { consultationId, direction: 'send' });
    const heardByDoctor = nextEvent(doctor, 'sfu:newProducer', (e: { role: string }) => e.role === 'guest');
    const heardByPatient = nextEvent(patient, 'sfu:newProducer', (e: { role: string }) => e.role === 'guest');
    const guestMic = await request(guest.socket, 'sfu:produce', { consultationId, transportId: guestSend.ok ? guestSend.data.id : '', kind: 'audio', rtpParameters: OPUS_RTP_PARAMETERS, appData: { source: 'mic' } });
    const guestProducerId = guestMic.ok ? guestMic.data.producerId : '';
    const announced = { consultationId, producerId: guestProducerId, role: 'guest', guestId: guest.guestId, source: 'mic', kind: 'audio' };
    expect(await heardByDoctor).toEqual(announced);
    expect(await heardByPatient).toEqual(announced);
    for (const side of [patient, doctor]) {
      expect(await request(side, 'sfu:consume', { consultationId, producerId: guestProducerId, rtpCapabilities })).toMatchObject({ ok: true, data: { role: 'guest', guestId: guest.guestId } });
    }
    const listed = await request(guest.socket, 'sfu:getProducers', { consultationId });
    expect(listed.ok && listed.data.producers.map((p: { role: string }) => p.role)).toEqual(['patient']);
    expect(await request(guest.socket, 'sfu:consume', { consultationId, producerId: patientMic.ok ? patientMic.data.producerId : '', rtpCapabilities })).toMatchObject({
      ok: true,
      data: { role: 'patient', kind: 'audio' },
    });

    const rows = await AuditEvent.query().whereIn('resourceId', [consultationId, guest.guestId]).where({ patientId: parties.patient.record.id }).whereIn('action', ['consultation.guest_admit', 'consultation.join']);
    expect(rows.map((r) => `${r.actorKind} ${r.action} ${r.resourceType}`).sort()).toEqual([
      'doctor consultation.guest_admit consultation_guest',
      'doctor consultation.join consultation',
      'guest consultation.join consultation',
      'patient consultation.join consultation',
    ]);
  });

  it('four people: two admitted guests each send media to, and receive it from, the other three', async () => {
    const { parties, consultationId, patient, doctor, guest } = await callWithWaitingGuest();
    const second = await guestOf(parties, 'Sam Sibling');
    expect(await request(second.socket, 'consultation:join', { consultationId })).toMatchObject({ ok: false, error: { code: 'in_lobby' } });
    for (const { guestId, socket } of [guest, second]) {
      const admitted = nextEvent(socket, 'guest:admitted');
      expect(await request(doctor, 'guest:admit', { consultationId, guestId })).toEqual({ ok: true, data: null });
      await admitted;
      expect(await request(socket, 'consultation:join', { consultationId })).toMatchObject({ ok: true, data: { role: 'guest', media: 'sfu' } });
    }
    const everyone = [
      { name: 'patient', socket: patient },
      { name: 'doctor', socket: doctor },
      { name: 'Ines Interpreter', socket: guest.socket },
      { name: 'Sam Sibling', socket: second.socket },
    ];
    const caps = await request(doctor, 'sfu:getRouterRtpCapabilities', { consultationId });
    const rtpCapabilities = caps.ok ? caps.data.rtpCapabilities : {};
    const producerOf = new Map<string, string>();
    for (const person of everyone) {
      await request(person.socket, 'sfu:createTransport', { consultationId, direction: 'recv' });
      const send = await request(person.socket, 'sfu:createTransport', { consultationId, direction: 'send' });
      const mic = await request(person.socket, 'sfu:produce', { consultationId, transportId: send.ok ? send.data.id : '', kind: 'audio', rtpParameters: OPUS_RTP_PARAMETERS, appData: { source: 'mic' } });
      expect(mic).toMatchObject({ ok: true });
      producerOf.set(person.name, mic.ok ? mic.data.producerId : '');
    }
    for (const person of everyone) {
      const listed = await request(person.socket, 'sfu:getProducers', { consultationId });
      const others = everyone.filter((other) => other !== person).map((other) => producerOf.get(other.name));
      expect(listed.ok && listed.data.producers.map((p: { producerId: string }) => p.producerId).sort()).toEqual(others.sort());
      for (const producerId of others) {
        expect(await request(person.socket, 'sfu:consume', { consultationId, producerId, rtpCapabilities })).toMatchObject({ ok: true, data: { kind: 'audio' } });
      }
    }
  });

  it("a patient's request for a guest reaches the doctor's screens at once, and the doctor's approval the patient's; a guest is told of neither", async () => {
    const { parties, consultationId, patient, doctor, guest } = await callWithWaitingGuest();
    const admitted = nextEvent(guest.socket, 'guest:admitted');
    await request(doctor, 'guest:admit', { consultationId, guestId: guest.guestId });
    await admitted;
    expect(await request(guest.socket, 'consultation:join', { consultationId })).toMatchObject({ ok: true });
    let guestHeard = false;
    guest.socket.on('consultation:guests', () => (guestHeard = true));

    const doctorHears = nextEvent(doctor, 'consultation:guests', (e: { consultationId: string }) => e.consultationId === consultationId);
    const asked = await parties.patientHttp.post(`/api/consultations/${consultationId}/guests`, {});
    expect(asked.status).toBe(201);
    await doctorHears;

    const patientHears = nextEvent(patient, 'consultation:guests', (e: { consultationId: string }) => e.consultationId === consultationId);
    expect((await parties.doctorHttp.post(`/api/consultations/${consultationId}/guests/${asked.body.guest.id}/approval`, {})).status).toBe(200);
    await patientHears;
    // A later push the guest does receive: by then the two above would have reached them too.
    await request(doctor, 'chat:send', { consultationId, text: 'After the approval' });
    await nextEvent(guest.socket, 'chat:message', (m: { text: string }) => m.text === 'After the approval');
    expect(guestHeard).toBe(false);
  });

  it("the doctor's removal closes the guest's sockets and the room hears they are gone", async () => {
    const { parties, consultationId, patient, doctor, guest } = await callWithWaitingGuest();
    await request(doctor, 'guest:admit', { consultationId, guestId: guest.guestId });
    await request(guest.socket, 'consultation:join', { consultationId });
    const gone = nextEvent<PresenceEvent>(patient, 'presence', (e) => e.participants.length === 2);
    const closed = closedWithin(guest.socket, 5000);
    expect(await request(doctor, 'guest:remove', { consultationId, guestId: guest.guestId })).toEqual({ ok: true, data: null });
    await closed;
    expect((await gone).participants.map((p) => p.role)).toEqual(['patient', 'doctor']);
    expect((await ConsultationGuest.query().findById(guest.guestId))!.status).toBe('removed');
    // Their link and session are over: a new socket is refused.
    await expect(signedInSocket(server.url, guest.http)).rejects.toThrow('Please sign in to continue.');
    expect(await AuditEvent.query().where({ resourceType: 'consultation_guest', resourceId: guest.guestId, action: 'consultation.guest_remove', actorKind: 'doctor' }).resultSize()).toBe(1);
    const history = await parties.patientHttp.get('/api/access-history?by=others');
    const guestLines = history.body.entries.filter((e: { action: string }) => e.action.startsWith('consultation.guest_')).map((e: { what: string }) => e.what);
    expect(guestLines).toEqual(['Removed a guest from a consultation: Ines Interpreter', 'Let a guest into a consultation call: Ines Interpreter']);
  });

  it("the consultation's end closes the sockets of its guests, waiting or in the call", async () => {
    const { parties, consultationId, guest } = await callWithWaitingGuest();
    const closed = closedWithin(guest.socket, 5000);
    await parties.doctorHttp.put(`/api/doctor/consultation/${consultationId}/status`, { status: 'in_progress' });
    await parties.doctorHttp.put(`/api/doctor/consultation/${consultationId}/status`, { status: 'completed' });
    await closed;
  });
});

describe('guests on a peer-to-peer server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('are told they need the SFU', async () => {
    const parties = await createCallParties(server.url);
    const { http } = await guestBrowser(server.url, parties, 'Peer Guest');
    const socket = await signedInSocket(server.url, http);
    try {
      expect(await request(socket, 'consultation:join', { consultationId: parties.consultation.id })).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringContaining('Guests need the video server (SFU)') } });
    } finally {
      socket.close();
    }
  });
});
