import { createDoctor, createPatient, signedInClient } from '../support/factories';
import { AuditEvent, ChatMessage } from '../../db/models';
import { HANDLERS } from '../../signalling/handlers';
import { CLIENT_EVENTS } from '../../common/socket-events';
import { GOING_AWAY_GRACE_MS } from '../../signalling/rooms/reconnecting';
import { separateTestKnex } from '../support/db';
import { auditRefusal } from '../support/refused-audit';
import { pollFor } from '../support/poll';
import { caughtUp, createCallParties, nextEvent, recorder, request, signedInSocket, useSignallingServer } from './helpers';

const harness = useSignallingServer();
const socketFor = (client: Parameters<typeof signedInSocket>[1]) => harness.socketFor(client);

describe('consultation:join', () => {
  it('lets the patient and the doctor in, with the consultation, their role, the media mode and presence', async () => {
    const parties = await createCallParties(harness.server.url);
    const consultationId = parties.consultation.id;
    const patient = await socketFor(parties.patientHttp);
    const doctor = await socketFor(parties.doctorHttp);

    const patientJoin = await request(patient, 'consultation:join', { consultationId });
    expect(patientJoin).toMatchObject({
      ok: true,
      data: {
        consultation: { id: consultationId, status: 'scheduled', consultationType: 'video', doctorName: 'Amira Patel', patientName: 'Nora Quinn' },
        role: 'patient',
        media: 'p2p',
        messages: [],
        participants: [{ role: 'patient', name: 'Nora Quinn' }],
      },
    });

    const presenceSeenByPatient = nextEvent(patient, 'presence', (p) => p.participants.length === 2);
    const doctorJoin = await request(doctor, 'consultation:join', { consultationId });
    expect(doctorJoin.ok && doctorJoin.data.role).toBe('doctor');
    expect(doctorJoin.ok && doctorJoin.data.participants).toEqual([
      { role: 'patient', name: 'Nora Quinn' },
      { role: 'doctor', name: 'Amira Patel' },
    ]);
    expect(await presenceSeenByPatient).toEqual({
      consultationId,
      participants: [
        { role: 'patient', name: 'Nora Quinn' },
        { role: 'doctor', name: 'Amira Patel' },
      ],
    });
  });

  it('refuses another patient and another doctor, who then overhear nothing', async () => {
    const parties = await createCallParties(harness.server.url);
    const consultationId = parties.consultation.id;
    const strangerPatient = await socketFor(await signedInClient(harness.server.url, await createPatient()));
    const strangerDoctor = await socketFor(await signedInClient(harness.server.url, await createDoctor()));
    const overheard = [recorder(strangerPatient), recorder(strangerDoctor)];

    for (const stranger of [strangerPatient, strangerDoctor]) {
      const answer = await request(stranger, 'consultation:join', { consultationId });
      expect(answer).toEqual({ ok: false, error: { code: 'not_found', message: 'Consultation not found.', requestId: expect.any(String) } });
      const chat = await request(stranger, 'chat:send', { consultationId, text: 'let me in' });
      expect(chat).toMatchObject({ ok: false, error: { code: 'not_joined' } });
      const signal = await request(stranger, 'p2p:signal', { consultationId, session: 's1', signal: { type: 'offer', sdp: 'x' } });
      expect(signal).toMatchObject({ ok: false, error: { code: 'not_joined' } });
      const state = await request(stranger, 'media:state', { consultationId, audio: true, video: false, screen: false });
      expect(state).toMatchObject({ ok: false, error: { code: 'not_joined' } });
    }

    const patient = await socketFor(parties.patientHttp);
    const doctor = await socketFor(parties.doctorHttp);
    await request(patient, 'consultation:join', { consultationId });
    await request(doctor, 'consultation:join', { consultationId });
    const delivered = nextEvent(doctor, 'chat:message');
    await request(patient, 'chat:send', { consultationId, text: 'private symptoms' });
    await delivered;
    await request(doctor, 'media:state', { consultationId, audio: true, video: false, screen: false });
    const statusSeen = nextEvent(patient, 'consultation:status');
    expect((await parties.doctorHttp.put(`/api/doctor/consultation/${consultationId}/status`, { status: 'in_progress' })).status).toBe(200);
    await statusSeen;
    await request(doctor, 'consultation:leave', { consultationId });
    await Promise.all([caughtUp(strangerPatient), caughtUp(strangerDoctor)]);

    for (const log of overheard) expect(log.events).toEqual([]);
    expect(await ChatMessage.query().where({ consultationId, text: 'let me in' })).toHaveLength(0);
  });

  it('answers not_found for a consultation that does not exist', async () => {
    const parties = await createCallParties(harness.server.url);
    const patient = await socketFor(parties.patientHttp);
    const answer = await request(patient, 'consultation:join', { consultationId: '00000000-0000-4000-8000-000000000000' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('puts each refused join on record as denied, naming who asked, which consultation, whose it is and the request', async () => {
    const parties = await createCallParties(harness.server.url);
    const strangerAccount = await createDoctor({ name: 'Ivo Stranger' });
    const stranger = await socketFor(await signedInClient(harness.server.url, strangerAccount));
    const refused = await request(stranger, 'consultation:join', { consultationId: parties.consultation.id });
    expect(refused).toMatchObject({ ok: false, error: { code: 'not_found', requestId: expect.any(String) } });
    const unpaid = await createCallParties(harness.server.url, { paymentStatus: 'failed' });
    const patient = await socketFor(unpaid.patientHttp);
    expect(await request(patient, 'consultation:join', { consultationId: unpaid.consultation.id })).toMatchObject({ ok: false, error: { code: 'payment_failed' } });

    const columns = ['actorKind', 'actorId', 'actorName', 'action', 'resourceType', 'patientId', 'outcome', 'requestId'] as const;
    const deniedRows = (consultationId: string) => AuditEvent.query().where({ resourceId: consultationId, outcome: 'denied' }).select(...columns);
    expect(await deniedRows(parties.consultation.id)).toEqual([
      {
        actorKind: 'doctor',
        actorId: strangerAccount.record.id,
        actorName: 'Ivo Stranger',
        action: 'denied consultation:join',
        resourceType: 'consultation',
        patientId: parties.patient.record.id,
        outcome: 'denied',
        requestId: !refused.ok && refused.error.requestId,
      },
    ]);
    expect(await deniedRows(unpaid.consultation.id)).toEqual([
      { actorKind: 'patient', actorId: unpaid.patient.record.id, actorName: 'Nora Quinn', action: 'consultation.join', resourceType: 'consultation', patientId: unpaid.patient.record.id, outcome: 'denied', requestId: null },
    ]);
  });
});

describe('presence', () => {
  it('is pushed on join, leave and disconnect', async () => {
    const parties = await createCallParties(harness.server.url);
    const consultationId = parties.consultation.id;
    const patient = await socketFor(parties.patientHttp);
    const doctor = await socketFor(parties.doctorHttp);
    await request(patient, 'consultation:join', { consultationId });

    const joined = nextEvent(patient, 'presence', (p) => p.participants.length === 2);
    await request(doctor, 'consultation:join', { consultationId });
    expect((await joined).participants.map((p: { role: string }) => p.role)).toEqual(['patient', 'doctor']);

    const left = nextEvent(patient, 'presence', (p) => p.participants.length === 1);
    expect(await request(doctor, 'consultation:leave', { consultationId })).toEqual({ ok: true, data: null });
    expect(await left).toEqual({ consultationId, participants: [{ role: 'patient', name: 'Nora Quinn' }] });

    await request(doctor, 'consultation:join', { consultationId });
    const gone = nextEvent(patient, 'presence', (p) => p.participants.length === 1);
    doctor.disconnect();
    expect((await gone).participants).toEqual([{ role: 'patient', name: 'Nora Quinn' }]);
  });

  it("forgets a dropped socket's reconnecting once its person leaves on purpose from another (a tab closed after a reconnect that beat the old socket's timeout)", async () => {
    const parties = await createCallParties(harness.server.url);
    const consultationId = parties.consultation.id;
    const doctor = await socketFor(parties.doctorHttp);
    const stale = await socketFor(parties.patientHttp);
    const current = await socketFor(parties.patientHttp);
    await request(doctor, 'consultation:join', { consultationId });
    await request(stale, 'consultation:join', { consultationId });
    await request(current, 'consultation:join', { consultationId });

    // The old connection dies while the new one is in the room: the patient is here, held as reconnecting behind it.
    stale.io.engine.close();
    await nextEvent(doctor, 'presence', (p) => p.participants.length === 2);
    const left = nextEvent(doctor, 'presence', (p) => p.participants.length === 1);
    current.disconnect();
    expect((await left).participants).toEqual([{ role: 'doctor', name: expect.any(String) }]);
  });

  it("holds a connection closed as 'going away' (a page torn down without its 'pagehide', or a proxy reloading) for seconds, not the minute a drop gets", async () => {
    const parties = await createCallParties(harness.server.url);
    const consultationId = parties.consultation.id;
    const doctor = await socketFor(parties.doctorHttp);
    await request(doctor, 'consultation:join', { consultationId });
    const underlyingWebSocket = (socket: Awaited<ReturnType<typeof socketFor>>) =>
      (socket.io.engine.transport as unknown as { ws: { close(code?: number): void } }).ws;
    const heldAsReconnecting = (p: { participants: Array<{ reconnecting?: boolean }> }) => p.participants.some((person) => person.reconnecting);
    const heldPatient = [
      { role: 'patient', name: 'Nora Quinn', reconnecting: true },
      { role: 'doctor', name: 'Amira Patel' },
    ];

    const dropped = await socketFor(parties.patientHttp);
    await request(dropped, 'consultation:join', { consultationId });
    const droppedHeld = nextEvent(doctor, 'presence', heldAsReconnecting);
    underlyingWebSocket(dropped).close();
    expect((await droppedHeld).participants).toEqual(heldPatient);

    const closedTab = await socketFor(parties.patientHttp);
    await request(closedTab, 'consultation:join', { consultationId });
    const closedTabHeld = nextEvent(doctor, 'presence', heldAsReconnecting);
    const gone = nextEvent(doctor, 'presence', (p) => p.participants.length === 1, GOING_AWAY_GRACE_MS + 5000);
    underlyingWebSocket(closedTab).close(1001);
    expect((await closedTabHeld).participants).toEqual(heldPatient);
    // The drop above was held afresh by this join and close: the short grace replaced the minute.
    expect((await gone).participants).toEqual([{ role: 'doctor', name: 'Amira Patel' }]);
  });

  it('answers how long the patient and the doctor have been in the call together, kept when one leaves and comes back (the timer goes on)', async () => {
    const parties = await createCallParties(harness.server.url);
    const consultationId = parties.consultation.id;
    const doctor = await socketFor(parties.doctorHttp);
    const alone = await request(doctor, 'consultation:join', { consultationId });
    expect(alone.ok && alone.data.callStartedAgoMs).toBeNull();

    const patient = await socketFor(parties.patientHttp);
    const together = await request(patient, 'consultation:join', { consultationId });
    expect(together.ok && together.data.callStartedAgoMs).toEqual(expect.any(Number));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // Leaving on purpose (a reload's 'pagehide') keeps nothing in the room, yet the call's start stands.
    await request(patient, 'consultation:leave', { consultationId });
    const back = await request(patient, 'consultation:join', { consultationId });
    expect(back.ok && back.data.callStartedAgoMs).toBeGreaterThanOrEqual(1000);
  });

  it('counts a person with two open tabs once', async () => {
    const parties = await createCallParties(harness.server.url);
    const consultationId = parties.consultation.id;
    const tab1 = await socketFor(parties.patientHttp);
    const tab2 = await socketFor(parties.patientHttp);
    await request(tab1, 'consultation:join', { consultationId });
    const answer = await request(tab2, 'consultation:join', { consultationId });
    expect(answer.ok && answer.data.participants).toEqual([{ role: 'patient', name: 'Nora Quinn' }]);
  });

  it('keeps a rejoin whose audit row cannot be stored out of the room (no chat line or presence reaches it, none announces it), shows its person as reconnecting, and lets a later try in', async () => {
    const parties = await createCallParties(harness.server.url);
    const consultationId = parties.consultation.id;
    const doctor = await socketFor(parties.doctorHttp);
    const dropped = await socketFor(parties.patientHttp);
    await request(doctor, 'consultation:join', { consultationId });
    await request(dropped, 'consultation:join', { consultationId });
    const held = nextEvent(doctor, 'presence', (p) => p.participants.some((person: { reconnecting?: boolean }) => person.reconnecting));
    dropped.io.engine.close();
    await held;

    // The database refuses the patient's audit rows (as its owner can make it do) while she comes back.
    const owner = separateTestKnex();
    const refusal = auditRefusal(parties.patient.record.id);
    for (const statement of refusal.refuse) await owner.raw(statement);
    const back = await socketFor(parties.patientHttp);
    try {
      const doctorHeard = recorder(doctor);
      const refused = await request(back, 'consultation:join', { consultationId });
      expect(refused.ok).toBe(false);
      // The room never heard her come; she is still shown as reconnecting, not as here and not as gone.
      await caughtUp(doctor);
      expect(doctorHeard.events.map((e) => e.event)).not.toContain('presence');
      const doctorsOtherScreen = await socketFor(parties.doctorHttp);
      const shown = await request(doctorsOtherScreen, 'consultation:join', { consultationId });
      expect(shown.ok && shown.data.participants).toEqual([
        { role: 'patient', name: 'Nora Quinn', reconnecting: true },
        { role: 'doctor', name: 'Amira Patel' },
      ]);
      const seen = recorder(back);
      expect((await request(doctor, 'chat:send', { consultationId, text: 'Can you hear me?' })).ok).toBe(true);
      await caughtUp(back);
      expect(seen.events.map((e) => e.event)).not.toContain('chat:message');
    } finally {
      for (const statement of refusal.lift) await owner.raw(statement);
      await owner.destroy();
    }

    const present = nextEvent(doctor, 'presence', (p) => p.participants.length === 2 && !p.participants.some((person: { reconnecting?: boolean }) => person.reconnecting));
    const rejoined = await request(back, 'consultation:join', { consultationId });
    expect(rejoined.ok && rejoined.data.messages.map((m: { text: string }) => m.text)).toEqual(['Can you hear me?']);
    await present;
  });

  it('lets nothing of the room reach a join while its audit row is still being stored: a chat line sent meanwhile never reaches a join that is then refused', async () => {
    const parties = await createCallParties(harness.server.url);
    const consultationId = parties.consultation.id;
    const doctor = await socketFor(parties.doctorHttp);
    await request(doctor, 'consultation:join', { consultationId });
    const patient = await socketFor(parties.patientHttp);

    // The database takes its time to refuse the patient's audit row: the join waits on it meanwhile.
    const owner = separateTestKnex();
    const refusal = auditRefusal(parties.patient.record.id, { afterMs: 1000 });
    for (const statement of refusal.refuse) await owner.raw(statement);
    try {
      const doctorHeard = recorder(doctor);
      const seen = recorder(patient);
      const join = request(patient, 'consultation:join', { consultationId });
      await pollFor('the join waiting on its audit row', async () => (await owner.raw(`select 1 from pg_stat_activity where wait_event = 'PgSleep' and query ilike '%audit_events%'`)).rows.length || null, 5000, 20);
      expect((await request(doctor, 'chat:send', { consultationId, text: 'Are you there?' })).ok).toBe(true);
      expect((await join).ok).toBe(false);
      await caughtUp(patient);
      await caughtUp(doctor);
      expect(seen.events.map((e) => e.event)).not.toContain('chat:message');
      // Nobody was told she came: she never was in the consultation.
      expect(doctorHeard.events.map((e) => e.event)).not.toContain('presence');
    } finally {
      for (const statement of refusal.lift) await owner.raw(statement);
      await owner.destroy();
    }
  });
});

describe('media relays', () => {
  it('relays media:state toggles to the other side, and hands them to a late joiner', async () => {
    const parties = await createCallParties(harness.server.url);
    const consultationId = parties.consultation.id;
    const patient = await socketFor(parties.patientHttp);
    const doctor = await socketFor(parties.doctorHttp);
    await request(patient, 'consultation:join', { consultationId });
    await request(doctor, 'consultation:join', { consultationId });

    const seen = nextEvent(patient, 'media:state');
    expect(await request(doctor, 'media:state', { consultationId, audio: true, video: false, screen: false })).toEqual({ ok: true, data: null });
    expect(await seen).toEqual({ consultationId, role: 'doctor', audio: true, video: false, screen: false });

    await request(patient, 'consultation:leave', { consultationId });
    const rejoin = await request(patient, 'consultation:join', { consultationId });
    expect(rejoin.ok && rejoin.data.remoteMedia).toEqual({ consultationId, role: 'doctor', audio: true, video: false, screen: false });
  });

  it('relays p2p signals to the other side only, stamped with the sender role', async () => {
    const parties = await createCallParties(harness.server.url);
    const consultationId = parties.consultation.id;
    const patient = await socketFor(parties.patientHttp);
    const doctor = await socketFor(parties.doctorHttp);
    await request(patient, 'consultation:join', { consultationId });
    await request(doctor, 'consultation:join', { consultationId });
    const patientLog = recorder(patient);

    const received = nextEvent(doctor, 'p2p:signal');
    const offer = { type: 'offer', sdp: 'v=0 fake' };
    expect(await request(patient, 'p2p:signal', { consultationId, session: 'abc_1', signal: offer })).toEqual({ ok: true, data: null });
    expect(await received).toEqual({ consultationId, session: 'abc_1', signal: offer, from: 'patient' });
    // The doctor's answer must reach the patient, and no echo of the patient's own offer before it.
    const answer = { type: 'answer', sdp: 'v=0 fake answer' };
    const answered = nextEvent(patient, 'p2p:signal');
    expect(await request(doctor, 'p2p:signal', { consultationId, session: 'abc_1', signal: answer })).toEqual({ ok: true, data: null });
    await answered;
    expect(patientLog.events.filter((e) => e.event === 'p2p:signal')).toEqual([{ event: 'p2p:signal', args: [{ consultationId, session: 'abc_1', signal: answer, from: 'doctor' }] }]);
  });

  it('refuses SFU verbs on a peer-to-peer server', async () => {
    const parties = await createCallParties(harness.server.url);
    const consultationId = parties.consultation.id;
    const patient = await socketFor(parties.patientHttp);
    await request(patient, 'consultation:join', { consultationId });
    const answer = await request(patient, 'sfu:getRouterRtpCapabilities', { consultationId });
    expect(answer).toMatchObject({ ok: false, error: { code: 'wrong_media_mode' } });
  });

  it('has one handler for every client event of the contract', () => {
    expect(HANDLERS.map((h) => h.event).sort()).toEqual([...CLIENT_EVENTS].sort());
  });
});
