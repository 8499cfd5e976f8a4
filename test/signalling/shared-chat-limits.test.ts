import { startTestServer, type TestServer } from '../support/app';
import { startRedis, type RedisServer } from '../support/redis';
import { createCallParties, request, signedInSocket, untilChatLimitsInRedis, type ClientSocket } from './helpers';

/**
 * Issue 38: chat is limited per account and per consultation as well as per socket, so ten sockets of one
 * account send no more than one would; across processes the budgets live in Redis. The defaults: a socket
 * and an account chat 5 lines a second with bursts of 10, a consultation (both sides) 7.5 with bursts of 15.
 */
let redis: RedisServer;
let first: TestServer;
let second: TestServer;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  redis = await startRedis();
  [first, second] = await Promise.all([startTestServer({ REDIS_URL: redis.url }), startTestServer({ REDIS_URL: redis.url })]);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await redis?.stop();
});

const RATE_LIMITED_CHAT = { ok: false, error: { code: 'rate_limited', message: 'Too many messages. Please slow down.', requestId: expect.any(String) } };

/** The most a bucket can have let through since `since`: its burst plus what refilled (this machine may be slow). */
const allowance = (burst: number, perSecond: number, since: number) => burst + Math.ceil(((performance.now() - since) / 1000) * perSecond);

async function joinedSockets(servers: TestServer[], client: Parameters<typeof signedInSocket>[1], consultationId: string): Promise<ClientSocket[]> {
  const opened = await Promise.all(servers.map((server) => signedInSocket(server.url, client)));
  sockets.push(...opened);
  for (const socket of opened) expect((await request(socket, 'consultation:join', { consultationId })).ok).toBe(true);
  return opened;
}

/** Each socket sends `each` lines at once; answers every ack. */
function sendFromAll(from: ClientSocket[], consultationId: string, each: number) {
  return Promise.all(from.flatMap((socket, s) => Array.from({ length: each }, (_, i) => request(socket, 'chat:send', { consultationId, text: `socket ${s} line ${i}` }))));
}

describe('chat limits shared by an account and by a consultation', () => {
  it("let ten sockets of one account, on two processes, send together only one socket's worth", async () => {
    const parties = await createCallParties(first.url);
    const consultationId = parties.consultation.id;
    const patientSockets = await joinedSockets([first, first, first, first, first, second, second, second, second, second], parties.patientHttp, consultationId);

    const started = performance.now();
    const answers = await sendFromAll(patientSockets, consultationId, 3);
    const accepted = answers.filter((a) => a.ok).length;
    // Each socket alone would let all 3 through (30 in all): the account's one budget holds them to about 10.
    expect(accepted).toBeGreaterThanOrEqual(10);
    expect(accepted).toBeLessThanOrEqual(allowance(10, 5, started));
    for (const refused of answers.filter((a) => !a.ok)) expect(refused).toEqual(RATE_LIMITED_CHAT);
    expect(patientSockets.every((socket) => socket.connected)).toBe(true);
  });

  it('hold both sides of one consultation to its budget together', async () => {
    const parties = await createCallParties(first.url);
    const consultationId = parties.consultation.id;
    const [patient] = await joinedSockets([first], parties.patientHttp, consultationId);
    const [doctor] = await joinedSockets([second], parties.doctorHttp, consultationId);

    const started = performance.now();
    const answers = await sendFromAll([patient!, doctor!], consultationId, 25);
    const accepted = answers.filter((a) => a.ok).length;
    // Each side's own budgets would let about 10 through (20 in all); the consultation has 15 between both.
    expect(accepted).toBeGreaterThanOrEqual(15);
    expect(accepted).toBeLessThanOrEqual(allowance(15, 7.5, started));
    for (const refused of answers.filter((a) => !a.ok)) expect(refused).toEqual(RATE_LIMITED_CHAT);
  });

  it("spend nothing of a consultation's budget on a request refused as not the sender's", async () => {
    const parties = await createCallParties(first.url);
    const stranger = await createCallParties(first.url);
    const consultationId = parties.consultation.id;
    const [intruder] = await joinedSockets([first], stranger.patientHttp, stranger.consultation.id);
    const refused = await sendFromAll([intruder!], consultationId, 10);
    expect(refused.every((a) => !a.ok && a.error.code !== 'rate_limited')).toBe(true);

    const [patient] = await joinedSockets([second], parties.patientHttp, consultationId);
    expect((await sendFromAll([patient!], consultationId, 10)).every((a) => a.ok)).toBe(true);
  });
});

describe('chat limits while Redis is away', () => {
  let redisServer: RedisServer;
  let server: TestServer;
  beforeAll(async () => {
    redisServer = await startRedis();
    server = await startTestServer({ REDIS_URL: redisServer.url });
  });
  afterAll(async () => {
    await server?.close();
    await redisServer?.stop();
  });

  it("answer every line at once with this process's budgets, and use Redis's again once it is back", async () => {
    const parties = await createCallParties(server.url);
    const consultationId = parties.consultation.id;
    const [patient] = await joinedSockets([server], parties.patientHttp, consultationId);
    await redisServer.stop();

    // The Redis client waits to reconnect; the limits do not wait with it (each ack within the helper's 5 s).
    const started = performance.now();
    const answers = await sendFromAll([patient!], consultationId, 15);
    const accepted = answers.filter((a) => a.ok).length;
    expect(accepted).toBeGreaterThanOrEqual(10);
    expect(accepted).toBeLessThanOrEqual(allowance(10, 5, started));
    for (const refused of answers.filter((a) => !a.ok)) expect(refused).toEqual(RATE_LIMITED_CHAT);

    // Redis comes back (empty, on the same port): once the client has reconnected, lines draw on buckets there.
    redisServer = await startRedis(Number(new URL(redisServer.url).port));
    await untilChatLimitsInRedis(patient!, consultationId, redisServer.url);
  });

  it("answer a line within a moment with this process's budgets while Redis is connected but silent", async () => {
    const parties = await createCallParties(server.url);
    const consultationId = parties.consultation.id;
    const [patient] = await joinedSockets([server], parties.patientHttp, consultationId);
    redisServer.freeze(true);
    try {
      // Answered (within the helper's 5 s): the limit waits 250 ms for Redis, then decides here.
      expect((await request(patient!, 'chat:send', { consultationId, text: 'Anyone there?' })).ok).toBe(true);
    } finally {
      redisServer.freeze(false);
    }
  });
});
