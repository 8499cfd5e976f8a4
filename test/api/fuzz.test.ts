/**
 * Generated input across every REST route and socket event (fast-check): bodies, queries, path
 * parameters and socket payloads of every shape, sent as a visitor, a patient, a doctor and an admin.
 * Whatever comes in, the answer is never a 5xx nor an internal ack error, no answer carries a stack
 * trace, and the server is healthy afterwards. Each run uses a fresh seed (printed on failure with the
 * input that failed, to replay it).
 */
import fc from 'fast-check';
import type { Layer } from '@koa/router';
import { CLIENT_EVENTS, SIGNALLING_ERROR_CODES } from '../../common/socket-events';
import { startTestServer, type TestServer } from '../support/app';
import type { TestClient } from '../support/client';
import { createAdmin, signedInClient } from '../support/factories';
import { createCallParties, request, signedInSocket, type ClientSocket } from '../signalling/helpers';

const REST_REQUESTS = 7000;
const SOCKET_PAYLOADS = 3000;
const IN_FLIGHT = 16;
const STACK_TRACE = /\bat .+:\d+:\d+|node_modules|\.ts:\d+/;

let server: TestServer;
const clients: { name: string; client: TestClient }[] = [];
const sockets: ClientSocket[] = [];
let consultationId: string;

beforeAll(async () => {
  // The per-socket limits would answer most of the flood with rate_limited; the handlers behind them are what is probed.
  server = await startTestServer({ SOCKET_SIGNALLING_PER_SECOND: '1000000', SOCKET_SIGNALLING_BURST: '1000000', SOCKET_CHAT_PER_SECOND: '1000000', SOCKET_CHAT_BURST: '1000000' });
  const parties = await createCallParties(server.url);
  consultationId = parties.consultation.id;
  const { TestClient } = await import('../support/client');
  clients.push(
    { name: 'visitor', client: new TestClient(server.url) },
    { name: 'patient', client: parties.patientHttp },
    { name: 'doctor', client: parties.doctorHttp },
    { name: 'admin', client: await signedInClient(server.url, await createAdmin()) },
  );
  sockets.push(await signedInSocket(server.url, parties.patientHttp), await signedInSocket(server.url, parties.doctorHttp));
  await request(sockets[0]!, 'consultation:join', { consultationId });
  await request(sockets[1]!, 'consultation:join', { consultationId });
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.close();
});

/** Field names the API knows, so generated bodies reach validation's every branch, not only 'unknown field'. */
const KNOWN_FIELDS = [
  'title', 'type', 'status', 'reportDate', 'doctorName', 'facility', 'summary', 'results', 'isOfflineAvailable', 'name',
  'dosage', 'frequency', 'startDate', 'endDate', 'reminderTimes', 'isActive', 'instructions', 'appointmentDate', 'specialty',
  'notes', 'reason', 'consultationType', 'symptoms', 'fee', 'doctorId', 'duration', 'password', 'usernameOrEmail', 'email',
  'username', 'firstName', 'lastName', 'phone', 'dateOfBirth', 'emergencyContact', 'imageData', 'pdfData', 'text', 'limit',
  'before', 'consultationId', 'direction', 'transportId', 'producerId', 'consumerId', 'kind', 'rtpParameters', 'rtpCapabilities',
  'dtlsParameters', 'appData', 'signal', 'session', 'audio', 'video', 'screen', 'isVerified', 'isAvailable', 'page',
];

const json = fc.jsonValue({ maxDepth: 4 });
const field = fc.oneof(fc.constantFrom(...KNOWN_FIELDS), fc.string({ maxLength: 12 }));
const objectBody = fc.dictionary(field, fc.oneof(json, fc.constantFrom(consultationIdPlaceholder(), '', ' ', '\u0000', 'x'.repeat(3000), -1, 1e308, '2026-02-30', '24:61')), { maxKeys: 8 });
const rawBody = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('{', '[1,', 'null', '"text"', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}'));
const pathValue = fc.oneof(fc.uuid(), fc.constantFrom(consultationIdPlaceholder(), '0', '-1', '..', '%00', 'null', 'x'.repeat(300)), fc.string({ minLength: 1, maxLength: 20 }));
const query = fc.dictionary(field, fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('-1', '1e309', 'true', '2026-13-01')), { maxKeys: 4 });

/** Stands for the real consultation's id, which is known only once the server runs. */
function consultationIdPlaceholder(): string {
  return '{consultation}';
}

function withRealIds(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null).replaceAll(consultationIdPlaceholder(), consultationId));
}

interface Route {
  method: string;
  path: string;
}

/** Every route but sign-out, which would end the session the rest of the run speaks for. */
function routes(): Route[] {
  return (server.app.apiRouter.stack as Layer[])
    .flatMap((layer) => (typeof layer.path === 'string' && !layer.path.endsWith('/logout') ? [{ methods: layer.methods, path: layer.path }] : []))
    .flatMap(({ methods, path }) => methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path })));
}

function fill(path: string, values: string[]): string {
  let i = 0;
  return path.replace(/:(\w+)/g, () => encodeURIComponent(String(withRealIds(values[i++ % values.length]))).replaceAll('%22', ''));
}

function noStackTrace(body: unknown): void {
  expect(typeof body === 'string' ? body : JSON.stringify(body ?? '')).not.toMatch(STACK_TRACE);
}

async function inBatches<T>(items: T[], send: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += IN_FLIGHT) await Promise.all(items.slice(i, i + IN_FLIGHT).map(send));
}

it(`answers ${SOCKET_PAYLOADS} generated socket payloads with no internal error`, async () => {
  const payloadArb = fc.record({
    event: fc.constantFrom(...CLIENT_EVENTS.filter((event) => event !== 'consultation:leave')),
    side: fc.nat({ max: sockets.length - 1 }),
    payload: fc.oneof({ weight: 4, arbitrary: fc.tuple(objectBody, fc.boolean()).map(([body, own]) => (own ? { ...body, consultationId: consultationIdPlaceholder() } : body)) }, { weight: 1, arbitrary: json }),
  });
  const failures: string[] = [];
  await inBatches(fc.sample(payloadArb, SOCKET_PAYLOADS), async ({ event, side, payload }) => {
    const sent = withRealIds(payload);
    const ack = await request(sockets[side]!, event, sent);
    if (!ack.ok && ack.error.code === SIGNALLING_ERROR_CODES.internal) failures.push(`${event}: ${JSON.stringify(sent).slice(0, 300)}`);
    noStackTrace(ack);
  });
  expect(failures).toEqual([]);
  expect(sockets.every((socket) => socket.connected)).toBe(true);
}, 600_000);

it(`answers ${REST_REQUESTS} generated REST requests with no 5xx and no stack trace`, async () => {
  const known = routes();
  const requestArb = fc.record({
    route: fc.constantFrom(...known),
    who: fc.nat({ max: clients.length - 1 }),
    params: fc.array(pathValue, { minLength: 1, maxLength: 3 }),
    query,
    body: fc.oneof({ weight: 4, arbitrary: objectBody }, { weight: 1, arbitrary: json }, { weight: 1, arbitrary: rawBody }),
    rawJson: fc.boolean(),
  });
  const samples = fc.sample(requestArb, REST_REQUESTS);
  const failures: string[] = [];
  await inBatches(samples, async ({ route, who, params, query: q, body, rawJson }) => {
    const search = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
    const path = `/api${fill(route.path, params)}${search ? `?${search}` : ''}`;
    const sentBody = route.method === 'GET' || route.method === 'DELETE' ? undefined : rawJson && typeof body === 'string' ? body : withRealIds(body);
    const answer = await clients[who]!.client.request(route.method, path, sentBody);
    if (answer.status >= 500) failures.push(`${answer.status} ${route.method} ${path} as ${clients[who]!.name}: ${JSON.stringify(sentBody)?.slice(0, 300)}`);
    noStackTrace(answer.body);
  });
  expect(failures).toEqual([]);
}, 600_000);

it('is healthy afterwards: /api/health answers and a signed-in read works', async () => {
  expect((await clients[0]!.client.get('/api/health')).status).toBe(200);
  const admin = clients[3]!.client;
  expect((await admin.get('/api/admin/doctors')).status).toBeLessThan(500);
});
