import { CONSULTATION_STATUSES } from '../../common/constants';
import { CONSULTATION_STATUS_UPDATES, consultationMachine } from '../../common/consultation-status';
import { AuditEvent, ChatMessage, Consultation } from '../../db/models';
import { createCallParties, nextEvent, recorder, request, signedInSocket, useSignallingServer } from './helpers';

// Bursts of 40 lines check the order of lines stored together, beyond one socket's chat burst (10; rate-limit.test.ts).
const harness = useSignallingServer({ SOCKET_CHAT_BURST: '100' });
const socketFor = (client: Parameters<typeof signedInSocket>[1]) => harness.socketFor(client);

async function joinedPair(overrides: Partial<Consultation> = {}) {
  const parties = await createCallParties(harness.server.url, overrides);
  const consultationId = parties.consultation.id;
  const patient = await socketFor(parties.patientHttp);
  const doctor = await socketFor(parties.doctorHttp);
  await request(patient, 'consultation:join', { consultationId });
  await request(doctor, 'consultation:join', { consultationId });
  return { ...parties, consultationId, patient, doctor };
}

describe('chat', () => {
  it('stores each line, pushes it to the room and replays the history oldest first on join', async () => {
    const parties = await joinedPair();
    const { consultationId, patient, doctor, patientHttp } = parties;

    const atDoctor = nextEvent(doctor, 'chat:message');
    const sent = await request(patient, 'chat:send', { consultationId, text: '  I have had a headache since Monday  ' });
    expect(sent).toMatchObject({
      ok: true,
      data: { message: { consultationId, sender: 'patient', senderName: 'Nora Quinn', text: 'I have had a headache since Monday' } },
    });
    const pushed = await atDoctor;
    expect(sent.ok && pushed).toEqual(sent.ok && sent.data.message);
    expect(Number.isNaN(Date.parse(pushed.createdAt))).toBe(false);

    const atPatient = nextEvent(patient, 'chat:message', (m) => m.sender === 'doctor');
    await request(doctor, 'chat:send', { consultationId, text: 'Any fever?' });
    expect(await atPatient).toMatchObject({ sender: 'doctor', senderName: 'Amira Patel', text: 'Any fever?' });
    for (let i = 1; i <= 5; i++) await request(patient, 'chat:send', { consultationId, text: `line ${i}` });

    const stored = await ChatMessage.query().where({ consultationId });
    expect(stored).toHaveLength(7);
    // Each line is audited as an event for the patient's Access history, never with its words.
    const audited = await AuditEvent.query().where({ resourceId: consultationId, action: 'consultation.chat_message' });
    expect(audited.map((row) => row.actorKind).sort()).toEqual(['doctor', 'patient', 'patient', 'patient', 'patient', 'patient', 'patient']);
    expect(audited.every((row) => row.patientId === parties.consultation.patientId)).toBe(true);
    expect(JSON.stringify(audited)).not.toContain('headache');

    const later = await socketFor(patientHttp);
    const history = await request(later, 'consultation:join', { consultationId });
    expect(history.ok && history.data.messages.map((m: { text: string }) => m.text)).toEqual([
      'I have had a headache since Monday',
      'Any fever?',
      'line 1',
      'line 2',
      'line 3',
      'line 4',
      'line 5',
    ]);
  });

  it('keeps order for lines sent without waiting for each other', async () => {
    const { consultationId, patient, patientHttp } = await joinedPair();
    const texts = Array.from({ length: 40 }, (_, i) => `burst ${i}`);
    const answers = await Promise.all(texts.map((text) => request(patient, 'chat:send', { consultationId, text })));
    expect(answers.every((a) => a.ok)).toBe(true);
    const later = await socketFor(patientHttp);
    const history = await request(later, 'consultation:join', { consultationId });
    expect(history.ok && history.data.messages.map((m: { text: string }) => m.text)).toEqual(texts);
  });

  it('stores any text exactly, quotes, backslashes, braces, commas and emoji included, in one batch', async () => {
    const { consultationId, patient, patientHttp } = await joinedPair();
    const texts = ['He said "stop"', 'C:\\path\\to\\file \\"x\\"', '{a,b},{"c"}', 'NULL', 'null', 'tab\there', 'line one\nline two', 'Müdigkeit 🤒 — 頭痛', "O'Brien; drop table x"];
    const answers = await Promise.all(texts.map((text) => request(patient, 'chat:send', { consultationId, text })));
    expect(answers.map((a) => a.ok && a.data.message.text)).toEqual(texts);
    const stored = await ChatMessage.query().where({ consultationId }).orderBy('createdAt');
    expect(stored.map((m) => m.text)).toEqual(texts);
    const later = await socketFor(patientHttp);
    const history = await request(later, 'consultation:join', { consultationId });
    expect(history.ok && history.data.messages.map((m: { text: string }) => m.text)).toEqual(texts);
  });

  it('refuses blank and oversized lines and stores nothing for them', async () => {
    const { consultationId, patient, doctor } = await joinedPair();
    const doctorLog = recorder(doctor);
    for (const text of ['', '   \n\t ', 'x'.repeat(2001), 'nul \u0000 inside', 'lone \uD800 surrogate', 5, true]) {
      const answer = await request(patient, 'chat:send', { consultationId, text });
      expect(answer).toMatchObject({ ok: false, error: { code: 'validation_failed' } });
    }
    const maximal = await request(patient, 'chat:send', { consultationId, text: 'y'.repeat(2000) });
    expect(maximal.ok).toBe(true);
    expect(await ChatMessage.query().where({ consultationId })).toHaveLength(1);
    // A later line the doctor must get: any refused line relayed would have come before it.
    const last = nextEvent(doctor, 'chat:message', (m) => m.text === 'last');
    expect((await request(patient, 'chat:send', { consultationId, text: 'last' })).ok).toBe(true);
    await last;
    expect(doctorLog.events.filter((e) => e.event === 'chat:message').map((e) => (e.args[0] as { text: string }).text)).toEqual(['y'.repeat(2000), 'last']);
  });

  it('gives clear messages for blank and oversized lines', async () => {
    const { consultationId, patient } = await joinedPair();
    expect(await request(patient, 'chat:send', { consultationId, text: ' ' })).toEqual({
      ok: false,
      error: { code: 'validation_failed', message: 'Message cannot be empty', fields: { text: 'Message cannot be empty' }, requestId: expect.any(String) },
    });
    const long = await request(patient, 'chat:send', { consultationId, text: 'x'.repeat(2001) });
    expect(long.ok === false && long.error.message).toBe('Message must be at most 2,000 characters');
    const nul = await request(patient, 'chat:send', { consultationId, text: 'a\u0000b' });
    expect(nul.ok === false && nul.error.message).toBe('Text contains a character that cannot be stored (U+0000 or an unpaired surrogate)');
    const inherited = await request(patient, 'chat:send', { consultationId, text: 'hi', constructor: 1 });
    expect(inherited.ok === false && inherited.error.fields).toEqual({ constructor: 'Unknown field: constructor' });
  });
});

describe('consultation:status', () => {
  it('is pushed after a REST change to the room and to both sides\' other screens, and not to strangers', async () => {
    const { consultationId, patient, doctor, patientHttp, doctorHttp } = await joinedPair();
    const patientList = await socketFor(patientHttp);
    const doctorDashboard = await socketFor(doctorHttp);
    const others = await createCallParties(harness.server.url);
    const stranger = await socketFor(others.patientHttp);
    const strangerLog = recorder(stranger);

    const expected = { consultationId, status: 'in_progress' };
    const pushes = [patient, doctor, patientList, doctorDashboard].map((s) => nextEvent(s, 'consultation:status'));
    const response = await doctorHttp.put(`/api/doctor/consultation/${consultationId}/status`, { status: 'in_progress' });
    expect(response.status).toBe(200);
    for (const push of pushes) expect(await push).toEqual(expected);

    const completed = nextEvent(patient, 'consultation:status', (e) => e.status === 'completed');
    await doctorHttp.put(`/api/doctor/consultation/${consultationId}/status`, { status: 'completed', diagnosis: 'Tension headache' });
    expect(await completed).toEqual({ consultationId, status: 'completed' });
    // The stranger's own consultation changes next: that push must come, and nothing of the first before it.
    const own = { consultationId: others.consultation.id, status: 'in_progress' };
    const ownPush = nextEvent(stranger, 'consultation:status');
    expect((await others.doctorHttp.put(`/api/doctor/consultation/${own.consultationId}/status`, { status: 'in_progress' })).status).toBe(200);
    expect(await ownPush).toEqual(own);
    expect(strangerLog.events).toEqual([{ event: 'consultation:status', args: [own] }]);
  });

  it("is pushed to the doctor's screens when the patient books, reschedules or cancels", async () => {
    const { doctor, patientHttp, doctorHttp } = await createCallParties(harness.server.url);
    const dashboard = await socketFor(doctorHttp);
    const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

    const bookedPush = nextEvent(dashboard, 'consultation:status');
    const booked = await patientHttp.post('/api/consultations', { doctorId: doctor.record.id, appointmentDate: at(3), symptoms: 'Back pain' });
    expect(booked.status).toBe(201);
    const consultationId = booked.body.id;
    expect(await bookedPush).toEqual({ consultationId, status: 'scheduled' });

    const movedPush = nextEvent(dashboard, 'consultation:status');
    expect((await patientHttp.patch(`/api/consultations/${consultationId}`, { appointmentDate: at(4) })).status).toBe(200);
    expect(await movedPush).toEqual({ consultationId, status: 'scheduled' });

    const cancelledPush = nextEvent(dashboard, 'consultation:status');
    expect((await patientHttp.post(`/api/consultations/${consultationId}/cancel`, {})).status).toBe(200);
    expect(await cancelledPush).toEqual({ consultationId, status: 'cancelled' });
  });

  it('lets the doctor change it by socket through the same state machine, and nobody else', async () => {
    const { consultationId, patient, doctor } = await joinedPair();

    const refused = await request(patient, 'consultation:setStatus', { consultationId, status: 'in_progress' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });

    const illegal = await request(doctor, 'consultation:setStatus', { consultationId, status: 'completed' });
    expect(illegal).toMatchObject({ ok: false, error: { code: 'conflict' } });

    const early = await request(doctor, 'consultation:setStatus', { consultationId, status: 'in_progress', diagnosis: 'Too soon' });
    expect(early).toMatchObject({ ok: false, error: { code: 'validation_failed', fields: { diagnosis: 'Diagnosis, prescription, notes and follow-up are recorded when completing a consultation.' } } });
    expect((await Consultation.query().findById(consultationId))!.status).toBe('scheduled');

    const pushed = nextEvent(patient, 'consultation:status');
    const started = await request(doctor, 'consultation:setStatus', { consultationId, status: 'in_progress' });
    expect(started).toEqual({ ok: true, data: { consultation: { id: consultationId, status: 'in_progress' } } });
    expect(await pushed).toEqual({ consultationId, status: 'in_progress' });

    const done = await request(doctor, 'consultation:setStatus', { consultationId, status: 'completed', diagnosis: 'Migraine' });
    expect(done.ok).toBe(true);
    const row = await Consultation.query().findById(consultationId);
    expect(row).toMatchObject({ status: 'completed', diagnosis: 'Migraine' });

    const invalid = await request(doctor, 'consultation:setStatus', { consultationId, status: 'teleported' });
    expect(invalid).toMatchObject({ ok: false, error: { code: 'validation_failed' } });
  });

  it.each(CONSULTATION_STATUSES)('refuses every move the state machine lacks from %s with the same error over REST and over the socket', async (from) => {
    const { consultationId, doctor, doctorHttp } = await joinedPair({ status: from });
    const refused = CONSULTATION_STATUS_UPDATES.filter((to) => !consultationMachine.canTransition(from, to));
    expect(refused.length).toBeGreaterThan(0);
    for (const status of refused) {
      const overRest = await doctorHttp.put(`/api/doctor/consultation/${consultationId}/status`, { status });
      const overSocket = await request(doctor, 'consultation:setStatus', { consultationId, status });
      expect(overRest.status).toBe(409);
      const { code, message, fields } = overRest.body;
      expect({ code, fields }).toEqual({ code: 'conflict', fields: { status: expect.stringMatching(/^Cannot move from /) } });
      expect(overSocket).toEqual({ ok: false, error: { code, message, fields, requestId: expect.any(String) } });
    }
    expect((await Consultation.query().findById(consultationId))!.status).toBe(from);
  });
});
