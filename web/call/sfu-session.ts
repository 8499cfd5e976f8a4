import { Device, type types } from 'mediasoup-client';
import type { ConsumerParams, MediaParameters, NewProducerEvent, PreparedSfuMedia, ProducerRef, TrackSource, TransportDirection, TransportParams } from '../../common/socket-events';
import { participantKey } from '../../common/participants';
import type { DeviceKind } from './local-media';
import { refreshIce, type MediaSession, type MediaSessionOptions, type RemoteStreams } from './media-session';
import { request } from './signalling-client';
import { TransportWatchdog } from './transport-watchdog';

type VideoSource = Exclude<TrackSource, 'mic'>;
const ICE_RESTART_DELAY_MS = 2000;

/** A device for the server's Routers (they all offer the same capabilities). */
export async function loadDevice(routerRtpCapabilities: MediaParameters): Promise<Device> {
  const device = new Device();
  await device.load({ routerRtpCapabilities: routerRtpCapabilities as unknown as types.RtpCapabilities });
  return device;
}

/**
 * Call through the mediasoup SFU (mediasoup-client): one send and one receive transport, a
 * producer per source (mic, camera, screen), a consumer per remote producer, resumed once wired.
 * Transports that lose connectivity restart ICE; after a socket reconnect or a worker loss
 * ('sfu:rejoin') everything is built again from scratch.
 */
export class SfuSession implements MediaSession {
  private device: Device | null = null;
  private deviceLoading: Promise<Device> | null = null;
  private send: types.Transport | null = null;
  private recv: types.Transport | null = null;
  private readonly producers = new Map<TrackSource, types.Producer>();
  /** By producer id; `participant` is whose track it is (participantKey). */
  private readonly consumers = new Map<string, { consumer: types.Consumer; participant: string; source: TrackSource; producerPaused: boolean }>();
  /** What was last published, so a participant whose tracks did not change keeps their stream (and their video element its picture). */
  private published: RemoteStreams = new Map();
  private mic: MediaStreamTrack | undefined;
  private readonly outgoingVideo = new Map<VideoSource, MediaStreamTrack>();
  private readonly watchdogs: TransportWatchdog[] = [];
  /** Producers announced while the receive transport was still being made: consumed once it exists. */
  private readonly announcedEarly: NewProducerEvent[] = [];
  /** Producers whose consumer is being set up right now. */
  private readonly consuming = new Set<string>();
  /** Producers closed while their consumer was being set up. */
  private readonly closedWhileConsuming = new Set<string>();
  /** Our sources whose producer is being made right now. */
  private readonly producing = new Set<TrackSource>();
  private enabled = { audio: true, video: true };
  private receivingStarted!: () => void;
  /**
   * Settles once the first build has made its transports and taken in what the other side sends: the
   * receive link is connecting from then on (or the build failed).
   */
  readonly receiving = new Promise<void>((resolve) => (this.receivingStarted = resolve));
  private generation = 0;
  private building: Promise<void> = Promise.resolve();
  private closed = false;

  /**
   * `device`: the one loaded during the device check, or null to load it here. `joinedWith`: the media
   * the join prepared (transports and consumers), used by the first build only.
   */
  constructor(
    private readonly options: MediaSessionOptions,
    device: Promise<Device | null>,
    private joinedWith: PreparedSfuMedia | undefined,
  ) {
    this.deviceLoading = this.keep(device.then((loaded) => loaded ?? this.loadFromServer()));
    options.socket.on('sfu:newProducer', this.onNewProducer);
    options.socket.on('sfu:producerClosed', this.onProducerClosed);
    options.socket.on('sfu:rejoin', this.onRejoin);
    options.socket.on('sfu:producerPaused', this.onProducerPaused);
    options.socket.on('sfu:producerResumed', this.onProducerResumed);
    void this.start();
  }

  /** Our tracks go up once the transports exist: a build still under way sends them itself. */
  devicesOpened(stream: MediaStream | null): void {
    this.mic = stream?.getAudioTracks()[0];
    const camera = stream?.getVideoTracks()[0];
    if (camera) this.outgoingVideo.set('camera', camera);
    if (this.send) void this.produceAll().catch(() => {});
  }

  /** Everyone else gone: what we received from them goes too, even a consumer still being set up (one who leaves a larger call closes their producers). */
  otherPresent(present: boolean, atJoin: boolean): void {
    void atJoin; // the SFU announces producers itself
    if (present) return;
    for (const producerId of [...this.consumers.keys(), ...this.consuming]) this.dropConsumer(producerId);
    this.publishRemote();
  }

  rejoined(): void {
    void this.start();
  }

  restart(): void {
    void this.start();
  }

  networkChanged(): void {
    for (const transport of [this.send, this.recv]) if (transport) void this.restartIce(transport);
  }

  /** A shared screen is its own producer; the other side shows it instead of the camera. */
  async shareScreen(track: MediaStreamTrack | null): Promise<void> {
    if (track) this.outgoingVideo.set('screen', track);
    else this.outgoingVideo.delete('screen');
    if (!this.send) return;
    const producer = this.producers.get('screen');
    if (track && producer) await producer.replaceTrack({ track });
    else if (track) await this.produce('screen', track);
    else if (producer) await this.closeProducer('screen');
  }

  setSending(kind: DeviceKind, enabled: boolean): void {
    this.enabled[kind] = enabled;
    const producer = this.producers.get(kind === 'audio' ? 'mic' : 'camera');
    if (!producer) return;
    const ref: ProducerRef = { consultationId: this.options.consultationId, producerId: producer.id };
    if (enabled) {
      producer.resume();
      void request(this.options.socket, 'sfu:resumeProducer', ref).catch(() => {});
    } else {
      producer.pause();
      void request(this.options.socket, 'sfu:pauseProducer', ref).catch(() => {});
    }
  }

  /** The producer keeps its id (and its paused state): the other side's consumer carries on. */
  async replaceTrack(kind: DeviceKind, track: MediaStreamTrack): Promise<void> {
    if (kind === 'audio') this.mic = track;
    else this.outgoingVideo.set('camera', track);
    await this.producers.get(kind === 'audio' ? 'mic' : 'camera')?.replaceTrack({ track });
  }

  async getStats(): Promise<RTCStatsReport[]> {
    const transports = [this.send, this.recv].flatMap((transport) => (transport && !transport.closed ? [transport] : []));
    return Promise.all(transports.map((transport) => transport.getStats()));
  }

  close(): void {
    this.closed = true;
    this.receivingStarted();
    this.options.socket.off('sfu:newProducer', this.onNewProducer);
    this.options.socket.off('sfu:producerClosed', this.onProducerClosed);
    this.options.socket.off('sfu:rejoin', this.onRejoin);
    this.options.socket.off('sfu:producerPaused', this.onProducerPaused);
    this.options.socket.off('sfu:producerResumed', this.onProducerResumed);
    this.teardown();
  }

  private teardown(): void {
    this.generation++;
    this.watchdogs.splice(0).forEach((watchdog) => watchdog.stop());
    this.consuming.clear();
    this.closedWhileConsuming.clear();
    this.producing.clear();
    this.announcedEarly.length = 0;
    this.send?.close();
    this.recv?.close();
    this.send = this.recv = null;
    this.producers.clear();
    this.consumers.clear();
    this.publishRemote();
  }

  /**
   * Builds the media again from scratch. Builds never overlap: the server replaces a peer's transport of
   * each direction, so an older build finishing late would close the newer one's transports.
   */
  private start(): Promise<void> {
    this.teardown();
    const generation = this.generation;
    this.building = this.building.then(() => this.build(generation));
    return this.building;
  }

  private async build(generation: number): Promise<void> {
    const stale = () => generation !== this.generation || this.closed;
    if (stale()) return;
    this.options.onLinkState('connecting');
    try {
      const [device, { send: sendParams, recv: recvParams, consumers, producers }] = await Promise.all([this.loadDevice(), this.mediaToBuild()]);
      if (stale()) return;
      const send = this.openTransport(device, 'send', sendParams);
      const recv = this.openTransport(device, 'recv', recvParams);
      this.send = send;
      this.recv = recv;
      this.watch(send, () => false);
      this.watch(recv, () => [...this.consumers.values()].some(({ consumer, producerPaused }) => !consumer.paused && !producerPaused));
      const received = [
        ...consumers.map((params) => this.receive(params.producerId, participantKey(params), params)),
        ...[...producers, ...this.announcedEarly.splice(0)].map((event) => this.receive(event.producerId, participantKey(event))),
      ];
      void Promise.allSettled(received).then(this.receivingStarted);
      const resumed = Promise.all(received.map((consumer) => consumer.then((made) => made && this.resume(made))));
      await Promise.all([resumed, this.produceAll()]);
    } catch {
      if (!stale()) {
        this.options.onLinkState('interrupted');
        setTimeout(() => !stale() && void this.start(), ICE_RESTART_DELAY_MS);
      }
    } finally {
      this.receivingStarted();
    }
  }

  /**
   * Both transports, and what the other side sends: the transports and consumers the join prepared, the
   * first time; else transports made now, while the device loads, and the producers to consume.
   */
  private async mediaToBuild(): Promise<PreparedSfuMedia & { producers: NewProducerEvent[] }> {
    const joinedWith = this.joinedWith;
    this.joinedWith = undefined;
    if (joinedWith) return { ...joinedWith, producers: [] };
    const { socket, consultationId } = this.options;
    const [send, recv, { producers }] = await Promise.all([
      request(socket, 'sfu:createTransport', { consultationId, direction: 'send' }),
      request(socket, 'sfu:createTransport', { consultationId, direction: 'recv' }),
      request(socket, 'sfu:getProducers', { consultationId }),
    ]);
    return { send, recv, consumers: [], producers };
  }

  private loadDevice(): Promise<Device> {
    this.deviceLoading ??= this.keep(this.loadFromServer());
    return this.deviceLoading;
  }

  private async loadFromServer(): Promise<Device> {
    const { rtpCapabilities } = await request(this.options.socket, 'sfu:getRouterRtpCapabilities', { consultationId: this.options.consultationId });
    return loadDevice(rtpCapabilities);
  }

  /** The device once loaded; one that failed to load is asked for again at the next build. */
  private keep(loading: Promise<Device>): Promise<Device> {
    return loading.then(
      (device) => (this.device = device),
      (err: unknown) => {
        this.deviceLoading = null;
        throw err;
      },
    );
  }

  private openTransport(device: Device, direction: TransportDirection, params: TransportParams): types.Transport {
    const { socket, consultationId, iceServers, iceTransportPolicy } = this.options;
    const options = {
      id: params.id,
      iceParameters: params.iceParameters as unknown as types.IceParameters,
      iceCandidates: params.iceCandidates as unknown as types.IceCandidate[],
      dtlsParameters: params.dtlsParameters as unknown as types.DtlsParameters,
      // The SFU needs no TURN itself, but a relay-only client reaches it only through one.
      iceServers: iceServers as RTCIceServer[],
      iceTransportPolicy,
    };
    const transport = direction === 'send' ? device.createSendTransport(options) : device.createRecvTransport(options);
    transport.on('connect', ({ dtlsParameters }, callback, errback) => {
      request(socket, 'sfu:connectTransport', { consultationId, transportId: transport.id, dtlsParameters: dtlsParameters as unknown as Record<string, unknown> }).then(
        () => callback(),
        errback,
      );
    });
    if (direction === 'send') {
      transport.on('produce', ({ kind, rtpParameters, appData }, callback, errback) => {
        request(socket, 'sfu:produce', {
          consultationId,
          transportId: transport.id,
          kind,
          rtpParameters: rtpParameters as unknown as Record<string, unknown>,
          appData: { source: appData.source as TrackSource },
        }).then(({ producerId }) => callback({ id: producerId }), errback);
      });
    }
    let restartTimer: ReturnType<typeof setTimeout> | undefined;
    transport.on('connectionstatechange', (state) => {
      clearTimeout(restartTimer);
      if (state === 'connected') this.options.onLinkState('connected');
      if (state === 'disconnected' || state === 'failed') {
        this.options.onLinkState('interrupted');
        restartTimer = setTimeout(() => void this.restartIce(transport), state === 'failed' ? 0 : ICE_RESTART_DELAY_MS);
      }
    });
    return transport;
  }

  /** A transport closed under us is built again; one that stopped carrying media restarts ICE. */
  private watch(transport: types.Transport, expectsMedia: () => boolean): void {
    const generation = this.generation;
    this.watchdogs.push(
      new TransportWatchdog(transport, expectsMedia, (health) => {
        if (generation !== this.generation || this.closed) return;
        this.options.onLinkState('interrupted');
        if (health === 'gone') void this.start();
        else void this.restartIce(transport);
      }),
    );
  }

  private async restartIce(transport: types.Transport): Promise<void> {
    if (transport.closed || this.closed) return;
    try {
      // The restart gathers new relay candidates: with TURN credentials that have not expired.
      await refreshIce(this.options);
      if (transport.closed || this.closed) return;
      await transport.updateIceServers({ iceServers: this.options.iceServers as RTCIceServer[] });
      const { iceParameters } = await request(this.options.socket, 'sfu:restartIce', { consultationId: this.options.consultationId, transportId: transport.id });
      await transport.restartIce({ iceParameters: iceParameters as unknown as types.IceParameters });
    } catch {
      void this.start();
    }
  }

  private async produce(source: TrackSource, track: MediaStreamTrack): Promise<void> {
    const send = this.send;
    if (!send || this.producers.has(source) || this.producing.has(source)) return;
    this.producing.add(source);
    let producer: types.Producer;
    try {
      producer = await send.produce({ track, appData: { source }, stopTracks: false });
    } finally {
      if (send === this.send) this.producing.delete(source);
    }
    if (send !== this.send) return void producer.close();
    this.producers.set(source, producer);
    if ((source === 'mic' && !this.enabled.audio) || (source === 'camera' && !this.enabled.video)) this.setSending(source === 'mic' ? 'audio' : 'video', false);
  }

  private async closeProducer(source: TrackSource): Promise<void> {
    const producer = this.producers.get(source);
    if (!producer) return;
    this.producers.delete(source);
    producer.close();
    await request(this.options.socket, 'sfu:closeProducer', { consultationId: this.options.consultationId, producerId: producer.id }).catch(() => {});
  }

  /** Our microphone, then our camera or screen, up to the SFU. */
  private async produceAll(): Promise<void> {
    if (this.mic) await this.produce('mic', this.mic);
    for (const [source, track] of this.outgoingVideo) await this.produce(source, track);
  }

  /**
   * Takes in a producer once, whether the join prepared its consumer (`prepared`) or it is asked for now
   * (a producer can be both announced and listed while the media is being built): answers the consumer
   * made, still paused on the server, or null when there was nothing to take in.
   */
  private async receive(producerId: string, participant: string, prepared?: ConsumerParams): Promise<types.Consumer | null> {
    const recv = this.recv;
    const device = this.device;
    if (!recv || !device || participant === this.options.self || this.consuming.has(producerId) || this.consumers.has(producerId)) return null;
    this.consuming.add(producerId);
    const { consultationId, socket } = this.options;
    try {
      const params =
        prepared ?? (await request(socket, 'sfu:consume', { consultationId, producerId, rtpCapabilities: device.rtpCapabilities as unknown as Record<string, unknown> }));
      const consumer = await recv.consume({
        id: params.id,
        producerId: params.producerId,
        kind: params.kind,
        rtpParameters: params.rtpParameters as unknown as types.RtpParameters,
      });
      // The media was built again meanwhile (the consumer's transport is gone), or the producer closed.
      if (recv !== this.recv || this.closedWhileConsuming.has(producerId)) {
        consumer.close();
        return null;
      }
      this.consumers.set(params.producerId, { consumer, participant, source: params.source, producerPaused: params.producerPaused });
      this.publishRemote();
      return consumer;
    } finally {
      this.consuming.delete(producerId);
      this.closedWhileConsuming.delete(producerId);
    }
  }

  /** The server sends a consumer's media once it is wired here. */
  private async resume(consumer: types.Consumer): Promise<void> {
    await request(this.options.socket, 'sfu:resumeConsumer', { consultationId: this.options.consultationId, consumerId: consumer.id });
  }

  private async consume(producerId: string, participant: string): Promise<void> {
    const consumer = await this.receive(producerId, participant);
    if (consumer) await this.resume(consumer);
  }

  /** Each other participant's stream: their microphone plus their screen when shared, else their camera. */
  private publishRemote(): void {
    const sources = new Map<string, Map<TrackSource, MediaStreamTrack>>();
    for (const { consumer, participant, source } of this.consumers.values()) {
      if (!sources.has(participant)) sources.set(participant, new Map());
      sources.get(participant)!.set(source, consumer.track);
    }
    const streams = new Map<string, MediaStream>();
    for (const [participant, bySource] of sources) {
      const tracks = [bySource.get('mic'), bySource.get('screen') ?? bySource.get('camera')].filter((t): t is MediaStreamTrack => Boolean(t));
      const previous = this.published.get(participant)?.getTracks();
      const unchanged = previous && previous.length === tracks.length && tracks.every((t) => previous.includes(t));
      streams.set(participant, unchanged ? this.published.get(participant)! : new MediaStream(tracks));
    }
    this.published = streams;
    this.options.onRemoteStreams(streams);
  }

  private readonly onNewProducer = (event: NewProducerEvent) => {
    if (event.consultationId !== this.options.consultationId) return;
    if (this.recv) void this.consume(event.producerId, participantKey(event)).catch(() => {});
    else this.announcedEarly.push(event);
  };

  private readonly onProducerClosed = (event: ProducerRef) => {
    if (this.dropConsumer(event.producerId)) this.publishRemote();
  };

  /** Closes a producer's consumer (answers whether one was shown); one still being set up is closed as soon as it is made. */
  private dropConsumer(producerId: string): boolean {
    if (this.consuming.has(producerId)) this.closedWhileConsuming.add(producerId);
    this.consumers.get(producerId)?.consumer.close();
    return this.consumers.delete(producerId);
  }

  private readonly onProducerPaused = (event: ProducerRef) => this.setProducerPaused(event, true);
  private readonly onProducerResumed = (event: ProducerRef) => this.setProducerPaused(event, false);

  private setProducerPaused(event: ProducerRef, paused: boolean): void {
    const entry = this.consumers.get(event.producerId);
    if (entry && event.consultationId === this.options.consultationId) entry.producerPaused = paused;
  }

  private readonly onRejoin = (event: { consultationId: string }) => {
    if (event.consultationId === this.options.consultationId) void this.start();
  };
}
