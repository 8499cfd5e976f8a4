import type { Device } from 'mediasoup-client';
import type { ConsumerParams, PreparedSfuMedia } from '../../common/socket-events';
import type { CallSocket } from '../../web/call/signalling-client';
import { SfuSession } from '../../web/call/sfu-session';
import type { RemoteStreams } from '../../web/call/media-session';

/**
 * The SFU half of a call against a scripted server and a mediasoup-client stand-in whose consume() the
 * test releases: the order of events around a consumer being set up is what is under test.
 */

class FakeTrack {
  enabled = true;
  constructor(readonly kind: 'audio' | 'video') {}
}

class FakeMediaStream {
  constructor(private readonly tracks: FakeTrack[] = []) {}
  getTracks = () => this.tracks;
  getAudioTracks = () => this.tracks.filter((t) => t.kind === 'audio');
  getVideoTracks = () => this.tracks.filter((t) => t.kind === 'video');
}

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

class FakeConsumer {
  closed = false;
  paused = false;
  readonly track: FakeTrack;
  constructor(
    readonly id: string,
    kind: 'audio' | 'video',
  ) {
    this.track = new FakeTrack(kind);
  }
  close() {
    this.closed = true;
  }
}

class FakeTransport {
  closed = false;
  readonly consumed: FakeConsumer[] = [];
  readonly produced: string[] = [];
  /** consume() answers once the test releases it. */
  readonly consumeGate = deferred<void>();
  private readonly listeners = new Map<string, (...args: unknown[]) => void>();
  /** The ICE servers each ICE restart was configured with. */
  readonly iceRestarts: unknown[] = [];
  private iceServers: unknown;
  constructor(readonly id: string) {}
  async updateIceServers({ iceServers }: { iceServers: unknown }) {
    this.iceServers = iceServers;
  }
  async restartIce() {
    this.iceRestarts.push(this.iceServers);
  }
  on(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.set(event, listener);
  }
  async getStats() {
    return new Map();
  }
  async consume(params: { id: string; kind: 'audio' | 'video' }) {
    await this.consumeGate.promise;
    const consumer = new FakeConsumer(params.id, params.kind);
    this.consumed.push(consumer);
    return consumer;
  }
  async produce({ appData }: { appData: { source: string } }) {
    this.produced.push(appData.source);
    return { id: `producer-${appData.source}`, close() {}, pause() {}, resume() {} };
  }
  close() {
    this.closed = true;
  }
}

class FakeSocket {
  connected = true;
  readonly sent: string[] = [];
  /** Requests whose answer never comes. */
  readonly unanswered = new Set<string>();
  /** What requests answer besides null. */
  readonly answers = new Map<string, unknown>();
  private readonly handlers = new Map<string, (event: unknown) => void>();
  on(event: string, handler: (event: unknown) => void) {
    this.handlers.set(event, handler);
  }
  off(event: string) {
    this.handlers.delete(event);
  }
  push(event: string, payload: unknown) {
    this.handlers.get(event)?.(payload);
  }
  timeout() {
    return {
      emitWithAck: (event: string) => {
        this.sent.push(event);
        return this.unanswered.has(event) ? new Promise(() => {}) : Promise.resolve({ ok: true, data: this.answers.get(event) ?? null });
      },
    };
  }
}

const transportParams = (id: string) => ({ id, iceParameters: {}, iceCandidates: [], dtlsParameters: {} });
const consumerParams = (kind: 'audio' | 'video', guestId?: string): ConsumerParams => ({
  id: `consumer-${guestId ?? 'doctor'}-${kind}`,
  producerId: `producer-of-${guestId ?? 'doctor'}-${kind}`,
  kind,
  rtpParameters: {},
  role: guestId ? 'guest' : 'doctor',
  ...(guestId ? { guestId } : {}),
  source: kind === 'audio' ? 'mic' : 'camera',
  producerPaused: false,
});
const flush = () => new Promise((resolve) => setImmediate(resolve));

function openSession(prepared: ConsumerParams[], self = 'patient') {
  const socket = new FakeSocket();
  const send = new FakeTransport('send');
  const recv = new FakeTransport('recv');
  const device = { rtpCapabilities: {}, createSendTransport: () => send, createRecvTransport: () => recv } as unknown as Device;
  const joinedWith: PreparedSfuMedia = { send: transportParams('send'), recv: transportParams('recv'), consumers: prepared };
  const remote: RemoteStreams[] = [];
  const session = new SfuSession(
    {
      socket: socket as unknown as CallSocket,
      consultationId: 'c1',
      role: self.startsWith('guest:') ? 'guest' : 'patient',
      self,
      iceServers: [],
      iceTransportPolicy: 'all',
      onRemoteStreams: (streams) => remote.push(streams),
      onLinkState: () => {},
    },
    Promise.resolve(device),
    joinedWith,
  );
  // The doctor's stream as last published.
  const lastRemote = () => (remote[remote.length - 1]?.get('doctor') as unknown as FakeMediaStream | undefined) ?? null;
  return { session, socket, send, recv, remote, lastRemote };
}

beforeAll(() => {
  (globalThis as unknown as { MediaStream: unknown }).MediaStream = FakeMediaStream;
});

describe('the SFU media session', () => {
  let opened: ReturnType<typeof openSession> | undefined;
  afterEach(() => opened?.session.close());

  test("the other side's media is taken in before our devices open; ours goes up once they do, once each", async () => {
    opened = openSession([consumerParams('audio'), consumerParams('video')]);
    const { session, send, recv, socket, lastRemote } = opened;
    recv.consumeGate.resolve();
    await session.receiving;
    expect(recv.consumed.map((c) => c.id)).toEqual(['consumer-doctor-audio', 'consumer-doctor-video']);
    expect(lastRemote()?.getTracks().map((t) => t.kind)).toEqual(['audio', 'video']);
    expect(send.produced).toEqual([]);

    const devices = new FakeMediaStream([new FakeTrack('audio'), new FakeTrack('video')]) as unknown as MediaStream;
    session.devicesOpened(devices);
    session.devicesOpened(devices);
    await flush();
    expect(send.produced).toEqual(['mic', 'camera']);
    expect(socket.sent.filter((e) => e === 'sfu:resumeConsumer')).toHaveLength(2);
  });

  test('a network change restarts ICE with fresh TURN credentials, asked for first', async () => {
    opened = openSession([]);
    const { session, send, recv, socket } = opened;
    recv.consumeGate.resolve();
    await session.receiving;
    const fresh = [{ urls: ['turn:turn.example.org:3478'], username: '1700003600:p', credential: 'fresh' }];
    socket.answers.set('media:iceServers', { iceServers: fresh, iceTransportPolicy: 'relay' });
    socket.answers.set('sfu:restartIce', { iceParameters: {} });
    session.networkChanged();
    await flush();
    await flush();
    expect(send.iceRestarts).toEqual([fresh]);
    expect(recv.iceRestarts).toEqual([fresh]);
    expect(socket.sent.indexOf('media:iceServers')).toBeLessThan(socket.sent.indexOf('sfu:restartIce'));
  });

  test('the call can show before the consumers are resumed: receiving settles once they exist', async () => {
    opened = openSession([consumerParams('video')]);
    const { session, recv, socket } = opened;
    socket.unanswered.add('sfu:resumeConsumer');
    let settled = false;
    void session.receiving.then(() => (settled = true));
    await flush();
    expect(settled).toBe(false);
    recv.consumeGate.resolve();
    await session.receiving;
    expect(recv.consumed).toHaveLength(1);
    expect(socket.sent).toContain('sfu:resumeConsumer');
  });

  test('a producer closed while its consumer is being set up is never shown', async () => {
    opened = openSession([consumerParams('video')]);
    const { session, recv, socket, remote } = opened;
    await flush();
    socket.push('sfu:producerClosed', { consultationId: 'c1', producerId: 'producer-of-doctor-video' });
    recv.consumeGate.resolve();
    await session.receiving;
    await flush();
    expect(recv.consumed[0]?.closed).toBe(true);
    expect(remote.filter((streams) => streams.size)).toEqual([]);
    expect(socket.sent).not.toContain('sfu:resumeConsumer');
  });

  test('the other side leaving takes their media with it, even a consumer still being set up', async () => {
    opened = openSession([consumerParams('audio'), consumerParams('video')]);
    const { session, recv, lastRemote } = opened;
    await flush();
    session.otherPresent(false, false);
    recv.consumeGate.resolve();
    await session.receiving;
    await flush();
    expect(recv.consumed.every((c) => c.closed)).toBe(true);
    expect(lastRemote()).toBeNull();
  });

  test('the other side leaving closes what was already received', async () => {
    opened = openSession([consumerParams('video')]);
    const { session, recv, lastRemote } = opened;
    recv.consumeGate.resolve();
    await session.receiving;
    expect(lastRemote()).not.toBeNull();
    session.otherPresent(false, false);
    expect(recv.consumed[0]?.closed).toBe(true);
    expect(lastRemote()).toBeNull();
  });

  test('each other participant gets a stream of their own; a second guest is another person, not ourselves', async () => {
    opened = openSession([consumerParams('audio'), consumerParams('video'), consumerParams('audio', 'g2'), consumerParams('video', 'g2'), consumerParams('video', 'g1')], 'guest:g1');
    const { session, recv, remote } = opened;
    recv.consumeGate.resolve();
    await session.receiving;
    const streams = remote[remote.length - 1]!;
    expect([...streams.keys()].sort()).toEqual(['doctor', 'guest:g2']);
    expect(streams.get('doctor')!.getTracks().map((t) => t.kind)).toEqual(['audio', 'video']);
    expect(streams.get('guest:g2')!.getTracks().map((t) => t.kind)).toEqual(['audio', 'video']);
    expect(recv.consumed.map((c) => c.id)).not.toContain('consumer-g1-video');
  });

  test("one participant's track going away leaves the others' streams as they were", async () => {
    opened = openSession([consumerParams('video'), consumerParams('video', 'g2')]);
    const { session, recv, socket, remote } = opened;
    recv.consumeGate.resolve();
    await session.receiving;
    const before = remote[remote.length - 1]!;
    socket.push('sfu:producerClosed', { consultationId: 'c1', producerId: 'producer-of-g2-video' });
    const after = remote[remote.length - 1]!;
    expect([...after.keys()]).toEqual(['doctor']);
    expect(after.get('doctor')).toBe(before.get('doctor'));
  });
});
