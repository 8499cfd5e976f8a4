import { createCallParties, request, sleep, useSignallingServer } from './helpers';

/** The defaults: chat 5 lines a second with bursts of 10, other requests 50 a second with bursts of 100. */
const harness = useSignallingServer();

/** The most a bucket can have let through since `since`: its burst plus what refilled (this machine may be slow). */
const allowance = (burst: number, perSecond: number, since: number) => burst + Math.ceil(((performance.now() - since) / 1000) * perSecond);

const RATE_LIMITED_CHAT = { ok: false, error: { code: 'rate_limited', message: 'Too many messages. Please slow down.', requestId: expect.any(String) } };

async function joinedPair() {
  const parties = await createCallParties(harness.server.url);
  const consultationId = parties.consultation.id;
  const patient = await harness.socketFor(parties.patientHttp);
  const doctor = await harness.socketFor(parties.doctorHttp);
  await request(patient, 'consultation:join', { consultationId });
  await request(doctor, 'consultation:join', { consultationId });
  return { consultationId, patient, doctor };
}

describe('per-socket rate limits', () => {
  it('lets a burst of 10 chat lines through, refuses the rest with rate_limited, and serves the socket again shortly after', async () => {
    const { consultationId, patient, doctor } = await joinedPair();
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => request(patient, 'chat:send', { consultationId, text: `line ${i}` })));
    const accepted = answers.filter((a) => a.ok).length;
    expect(accepted).toBeGreaterThanOrEqual(10);
    expect(accepted).toBeLessThanOrEqual(allowance(10, 5, started));
    for (const answer of answers.filter((a) => !a.ok)) expect(answer).toEqual(RATE_LIMITED_CHAT);
    expect(patient.connected).toBe(true);

    // Other requests draw on their own bucket, and the other side on its own socket's.
    expect(await request(patient, 'media:state', { consultationId, audio: true, video: false, screen: false })).toEqual({ ok: true, data: null });
    expect((await request(doctor, 'chat:send', { consultationId, text: 'from the doctor' })).ok).toBe(true);

    await sleep(450); // two lines' worth at 5 a second
    expect((await request(patient, 'chat:send', { consultationId, text: 'after a pause' })).ok).toBe(true);
    expect((await request(patient, 'chat:send', { consultationId, text: 'and one more' })).ok).toBe(true);
  });

  it('lets the signalling burst of a call starting through, and refuses a flood beyond it without disconnecting', async () => {
    const started = performance.now();
    const { consultationId, patient } = await joinedPair();
    const signal = (i: number) => request(patient, 'p2p:signal', { consultationId, session: 's1', signal: { type: 'candidate', candidate: { candidate: `c${i}` } } });
    // An offer and its ICE candidates, and the media state: far below the burst of 100.
    const start = await Promise.all(Array.from({ length: 40 }, (_, i) => signal(i)));
    expect(start.every((a) => a.ok)).toBe(true);

    const flood = await Promise.all(Array.from({ length: 120 }, (_, i) => signal(i)));
    const refused = flood.filter((a) => !a.ok);
    // The join, the 40 and the accepted part of the flood: within the burst plus what refilled meanwhile.
    expect(1 + 40 + flood.length - refused.length).toBeLessThanOrEqual(allowance(100, 50, started));
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) expect(answer).toEqual({ ok: false, error: { code: 'rate_limited', message: 'Too many requests. Please slow down.', requestId: expect.any(String) } });
    expect(patient.connected).toBe(true);

    await sleep(100);
    expect(await signal(0)).toEqual({ ok: true, data: null });
    // Chat is a separate bucket: untouched by the flood.
    expect((await request(patient, 'chat:send', { consultationId, text: 'still chatting' })).ok).toBe(true);
  });

  it('counts malformed requests too, so a flood of them cannot reach the database', async () => {
    const { consultationId, patient } = await joinedPair();
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 20 }, () => request(patient, 'chat:send', { consultationId, text: '' })));
    const validated = answers.filter((a) => !a.ok && a.error.code === 'validation_failed').length;
    expect(validated).toBeGreaterThanOrEqual(10);
    expect(validated).toBeLessThanOrEqual(allowance(10, 5, started));
    expect(answers.filter((a) => !a.ok && a.error.code === 'rate_limited')).toHaveLength(20 - validated);
  });
});
