import { createClient } from 'redis';
import { io as connect, type Socket } from 'socket.io-client';
import type { Ack, ClientToServerEvents, ServerToClientEvents } from '../../common/socket-events';
import { Consultation, type Doctor, type User } from '../../db/models';
import { createDoctor, createPatient, signedInClient, type Account } from '../support/factories';
import type { TestClient } from '../support/client';
import { startTestServer, type TestServer } from '../support/app';
import { pollFor } from '../support/poll';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A Socket.IO client carrying the TestClient's session cookie, as a browser on that origin would. */
export function openSocket(baseUrl: string, client?: TestClient, headers: Record<string, string> = {}): ClientSocket {
  return connect(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { ...(client ? { cookie: client.cookieHeader } : {}), ...headers },
  }) as ClientSocket;
}

/** Resolves once connected, rejects with the server's connect_error message. */
export function connected(socket: ClientSocket): Promise<ClientSocket> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

export async function signedInSocket(baseUrl: string, client: TestClient): Promise<ClientSocket> {
  return connected(openSocket(baseUrl, client));
}

/** Sends a request and waits for its ack. */
export function request<T = any>(socket: ClientSocket, event: string, payload: unknown): Promise<Ack<T>> {
  return (socket as unknown as Socket).timeout(5000).emitWithAck(event, payload) as Promise<Ack<T>>;
}

/** The next `event` on the socket matching `predicate`. */
export function nextEvent<T = any>(socket: ClientSocket, event: string, predicate: (payload: T) => boolean = () => true, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const raw = socket as unknown as Socket;
    const timer = setTimeout(() => {
      raw.off(event, listener);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: T) => {
      if (!predicate(payload)) return;
      clearTimeout(timer);
      raw.off(event, listener);
      resolve(payload);
    };
    raw.on(event, listener);
  });
}

/**
 * Resolves once every event the server sent the socket before now has arrived: the server answers a request
 * on the socket's own connection, behind whatever it emitted to it before reading the request. An absence is
 * asserted after this, so slow delivery cannot pass for none (any role may ask; a patient is refused).
 */
export async function caughtUp(socket: ClientSocket): Promise<void> {
  await request(socket, 'consultation:waitingPatients', {});
}

/** Everything a socket receives, for asserting that nothing leaked to it. */
export function recorder(socket: ClientSocket): { events: { event: string; args: unknown[] }[] } {
  const log = { events: [] as { event: string; args: unknown[] }[] };
  (socket as unknown as Socket).onAny((event, ...args) => log.events.push({ event, args }));
  return log;
}

export interface CallParties {
  patient: Account<User>;
  doctor: Account<Doctor>;
  consultation: Consultation;
  patientHttp: TestClient;
  doctorHttp: TestClient;
}

/** A fresh patient, doctor and scheduled consultation between them, both signed in over HTTP. */
export async function createCallParties(baseUrl: string, overrides: Partial<Consultation> = {}): Promise<CallParties> {
  const patient = await createPatient({ firstName: 'Nora', lastName: 'Quinn' });
  const doctor = await createDoctor({ name: 'Amira Patel' });
  const consultation = await Consultation.query().insertAndFetch({
    patientId: patient.record.id,
    doctorId: doctor.record.id,
    appointmentDate: new Date(Date.now() + 3_600_000),
    duration: 30,
    status: 'scheduled',
    consultationType: 'video',
    symptoms: 'Headache',
    fee: 5000,
    ...overrides,
  });
  const [patientHttp, doctorHttp] = await Promise.all([signedInClient(baseUrl, patient), signedInClient(baseUrl, doctor)]);
  return { patient, doctor, consultation, patientHttp, doctorHttp };
}

/** Milliseconds until the server closes the socket (rejects after `withinMs`). */
export function closedWithin(socket: ClientSocket, withinMs: number): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket still open after ${withinMs} ms`)), withinMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      if (reason === 'io server disconnect') resolve(Date.now() - started);
      else reject(new Error(`socket closed by ${reason}`));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface SignallingHarness {
  readonly server: TestServer;
  /** A signed-in socket that is closed after the test. */
  socketFor(client: TestClient): Promise<ClientSocket>;
}

/** One test server per file (with the environment given), with every socket a test opens closed after it. */
export function useSignallingServer(env: Record<string, string> = {}): SignallingHarness {
  let server: TestServer | undefined;
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    server = await startTestServer(env);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error('the signalling test server is not started yet');
      return server;
    },
    async socketFor(client) {
      const socket = await signedInSocket(this.server.url, client);
      sockets.push(socket);
      return socket;
    },
  };
}

/** A minimal Opus send description, as mediasoup-client would produce for a microphone. */
export const OPUS_RTP_PARAMETERS = {
  mid: '0',
  codecs: [{ mimeType: 'audio/opus', payloadType: 111, clockRate: 48000, channels: 2, parameters: { minptime: 10, useinbandfec: 1 }, rtcpFeedback: [] }],
  headerExtensions: [],
  encodings: [{ ssrc: 11111111 }],
  rtcp: { cname: 'test', reducedSize: true },
};

/** A fresh consultation whose patient and doctor have joined its room, each on the server given (the doctor on the patient's unless said). */
export async function joinedCall(patientServerUrl: string, doctorServerUrl = patientServerUrl) {
  const parties = await createCallParties(patientServerUrl);
  const consultationId = parties.consultation.id;
  const patient = await signedInSocket(patientServerUrl, parties.patientHttp);
  const doctor = await signedInSocket(doctorServerUrl, parties.doctorHttp);
  await request(patient, 'consultation:join', { consultationId });
  await request(doctor, 'consultation:join', { consultationId });
  return { parties, consultationId, patient, doctor };
}

/** Resolves once the socket's chat lines draw on limit buckets kept in the Redis at `redisUrl` (its server is back on Redis). */
export async function untilChatLimitsInRedis(socket: ClientSocket, consultationId: string, redisUrl: string): Promise<void> {
  const inspector = createClient({ url: redisUrl });
  await inspector.connect();
  try {
    await pollFor(
      'a line drawing on buckets in Redis',
      // A line that times out while the server reconnects is one more try.
      async () => (await request(socket, 'chat:send', { consultationId, text: 'Back on Redis?' }).catch(() => null))?.ok && (await inspector.keys('medivault:chat-limit:*')).length > 0,
      15_000,
      1000,
    );
  } finally {
    await inspector.quit();
  }
}
