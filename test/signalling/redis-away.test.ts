import { startTestServer, type TestServer } from '../support/app';
import { startRedis, type RedisServer } from '../support/redis';
import { startServerProcess } from '../support/server-process';
import { createCallParties, nextEvent, request, signedInSocket, untilChatLimitsInRedis, type ClientSocket } from './helpers';

/**
 * A server configured with Redis (several processes sharing rooms) whose Redis goes away: the calls on
 * this process go on, since only sockets on other processes are out of reach. Joins, leaves and chat are
 * answered at once instead of waiting for the Redis client to reconnect, and a process told to stop stops.
 */
let redisServer: RedisServer;
let server: TestServer;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  redisServer = await startRedis();
  server = await startTestServer({ REDIS_URL: redisServer.url });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await server?.close();
  await redisServer?.stop();
});

it('a consultation on one process is joined, talked in and left while Redis is away', async () => {
  const parties = await createCallParties(server.url);
  const consultationId = parties.consultation.id;
  const [patient, doctor] = await Promise.all([signedInSocket(server.url, parties.patientHttp), signedInSocket(server.url, parties.doctorHttp)]);
  sockets.push(patient, doctor);
  expect((await request(patient, 'consultation:join', { consultationId })).ok).toBe(true);
  await redisServer.stop();

  const doctorSeen = nextEvent(patient, 'presence', (event) => event.participants.some((p: { role: string }) => p.role === 'doctor'));
  const joined = await request(doctor, 'consultation:join', { consultationId });
  expect(joined.ok && joined.data.participants.map((p: { role: string }) => p.role)).toEqual(['patient', 'doctor']);
  await doctorSeen;

  const line = nextEvent(doctor, 'chat:message', (message) => message.text === 'Can you hear me?');
  expect((await request(patient, 'chat:send', { consultationId, text: 'Can you hear me?' })).ok).toBe(true);
  await line;

  const patientGone = nextEvent(doctor, 'presence', (event) => !event.participants.some((p: { role: string }) => p.role === 'patient'));
  expect((await request(patient, 'consultation:leave', { consultationId })).ok).toBe(true);
  await patientGone;

  // Redis comes back (empty, on the same port) and the server draws on it again by itself.
  redisServer = await startRedis(Number(new URL(redisServer.url).port));
  await untilChatLimitsInRedis(doctor, consultationId, redisServer.url);
});

it('a process told to stop (SIGTERM) while its Redis is away stops cleanly instead of waiting for Redis', async () => {
  const away = await startRedis();
  const serverProcess = await startServerProcess({ DATABASE_URL: process.env.DATABASE_URL!, REDIS_URL: away.url, SHUTDOWN_GRACE_MS: '1000' });
  await away.stop();
  const code = await serverProcess.stop();
  expect({ code, output: serverProcess.output() }).toEqual({ code: 0, output: expect.stringContaining('"msg":"stopped"') });
}, 120_000);
