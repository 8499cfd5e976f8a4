import type { types as ms } from 'mediasoup';
import type { Config } from '../../../server/config';
import type { ConsumerParams, MediaParameters, TransportDirection, TransportParams } from '../../../common/socket-events';
import { Conflict, NotFound } from '../../../server/errors';
import { log } from '../../../server/log';
import type { LocalSfu, MediaCounts, MediaPeer, PeerNotifier, ProduceRequest } from '../backend';
import { MEDIA_CODECS, webRtcTransportOptions } from './settings';
import { WorkerPool } from './worker-pool';
import { SfuRoom, type ProducerData, type SfuPeer, type TransportData } from './room';

/** mediasoup's parameter objects cross the socket as plain JSON. */
const asParameters = (value: unknown): MediaParameters => value as MediaParameters;

/**
 * The mediasoup SFU: a worker per core, one Router per consultation, WebRTC transports per peer
 * and direction. Consumers start paused and the client resumes them once its track is wired up.
 * A room closes when its last peer leaves; when its worker dies the room's clients are told to rejoin.
 */
class MediasoupSfu implements LocalSfu {
  readonly mode = 'sfu' as const;
  /** Rooms whose Router exists, and rooms whose Router is being created (two first requests share one). */
  private readonly rooms = new Map<string, SfuRoom>();
  private readonly opening = new Map<string, Promise<SfuRoom>>();

  constructor(
    private readonly pool: WorkerPool,
    private readonly media: Config['media'],
    private readonly notifier: PeerNotifier,
    private readonly capabilities: MediaParameters,
  ) {}

  private async room(consultationId: string): Promise<SfuRoom> {
    const open = this.rooms.get(consultationId);
    if (open) return open;
    let opening = this.opening.get(consultationId);
    if (!opening) {
      opening = this.openRoom(consultationId).finally(() => this.opening.delete(consultationId));
      this.opening.set(consultationId, opening);
    }
    return opening;
  }

  private async openRoom(consultationId: string): Promise<SfuRoom> {
    const router = await this.pool.createRouter({ mediaCodecs: MEDIA_CODECS, appData: { consultationId } });
    const room = new SfuRoom(consultationId, router);
    this.rooms.set(consultationId, room);
    router.observer.once('close', () => {
      if (this.rooms.get(consultationId) === room) this.rooms.delete(consultationId);
    });
    router.on('workerclose', () => {
      log.warn({ consultationId }, 'media room lost its worker');
      this.rooms.delete(consultationId);
      for (const peer of room.peers.values()) this.notifier.notify(peer.socketId, 'sfu:rejoin', { consultationId });
      room.peers.clear();
    });
    return room;
  }

  private async peer(peer: MediaPeer): Promise<{ room: SfuRoom; self: SfuPeer }> {
    const room = await this.room(peer.consultationId);
    return { room, self: room.peer(peer.socketId, peer.role) };
  }

  routerRtpCapabilities(): MediaParameters {
    return this.capabilities;
  }

  async createTransport(peer: MediaPeer, direction: TransportDirection): Promise<TransportParams> {
    const { room, self } = await this.peer(peer);
    const transport = (await room.router.createWebRtcTransport(webRtcTransportOptions(this.media, direction))) as ms.WebRtcTransport<TransportData>;
    // A peer has one transport each way: a client building its media again replaces the old one
    // (and the producers and consumers on it), so nothing is consumed on a dead link.
    for (const old of self.transports.values()) if (old.appData.direction === direction) old.close();
    self.transports.set(transport.id, transport);
    transport.observer.once('close', () => self.transports.delete(transport.id));
    transport.on('dtlsstatechange', (state: string) => {
      if (state === 'failed') log.warn({ consultationId: peer.consultationId }, 'media transport dtls failed');
    });
    return {
      id: transport.id,
      iceParameters: asParameters(transport.iceParameters),
      iceCandidates: transport.iceCandidates.map(asParameters),
      dtlsParameters: asParameters(transport.dtlsParameters),
    };
  }

  async connectTransport(peer: MediaPeer, transportId: string, dtlsParameters: MediaParameters): Promise<void> {
    const { self } = await this.peer(peer);
    await self.transport(transportId).connect({ dtlsParameters: dtlsParameters as unknown as ms.DtlsParameters });
  }

  async produce(peer: MediaPeer, request: ProduceRequest): Promise<string> {
    const { room, self } = await this.peer(peer);
    const transport = self.transport(request.transportId, 'send');
    // One producer per source: a re-produced camera replaces the old one.
    for (const existing of self.producers.values()) {
      if (existing.appData.source === request.source) existing.close();
    }
    const appData: ProducerData = { source: request.source, role: peer.role, socketId: peer.socketId, ...(peer.guestId ? { guestId: peer.guestId } : {}) };
    const producer = (await transport.produce({
      kind: request.kind,
      rtpParameters: request.rtpParameters as unknown as ms.RtpParameters,
      appData,
    })) as ms.Producer<ProducerData>;
    self.producers.set(producer.id, producer);
    producer.observer.once('close', () => self.producers.delete(producer.id));
    for (const other of room.others(peer.socketId)) this.notifier.notify(other.socketId, 'sfu:newProducer', room.describe(producer));
    return producer.id;
  }

  counts(): MediaCounts {
    const peers = [...this.rooms.values()].flatMap((room) => [...room.peers.values()]);
    return {
      workers: this.pool.liveWorkers(),
      routers: this.rooms.size,
      producers: peers.reduce((sum, peer) => sum + peer.producers.size, 0),
      consumers: peers.reduce((sum, peer) => sum + peer.consumers.size, 0),
    };
  }

  isOpen(consultationId: string): boolean {
    return this.rooms.has(consultationId) || this.opening.has(consultationId);
  }

  async listProducers(peer: MediaPeer) {
    const room = this.rooms.get(peer.consultationId);
    if (!room) return [];
    return room.others(peer.socketId).flatMap((other) => [...other.producers.values()].map((p) => room.describe(p)));
  }

  async consume(peer: MediaPeer, producerId: string, rtpCapabilities: MediaParameters): Promise<ConsumerParams> {
    const { room, self } = await this.peer(peer);
    const producer = room.findForeignProducer(peer.socketId, producerId);
    const caps = rtpCapabilities as unknown as ms.RtpCapabilities;
    if (!room.router.canConsume({ producerId, rtpCapabilities: caps })) throw new Conflict('This device cannot receive that media format.');
    const transport = [...self.transports.values()].find((t) => t.appData.direction === 'recv');
    if (!transport) throw new NotFound('Create a receiving transport first.');
    const consumer = await transport.consume({ producerId, rtpCapabilities: caps, paused: true });
    self.consumers.set(consumer.id, consumer);
    consumer.observer.once('close', () => self.consumers.delete(consumer.id));
    consumer.on('producerclose', () => {
      // Fires for an explicit close as well as for the producer's transport or peer going away.
      consumer.close();
      this.notifier.notify(peer.socketId, 'sfu:producerClosed', { consultationId: peer.consultationId, producerId });
    });
    // The consumer's side learns of a mute or a camera turned off, so silence there is not a dead link.
    consumer.on('producerpause', () => this.notifier.notify(peer.socketId, 'sfu:producerPaused', { consultationId: peer.consultationId, producerId }));
    consumer.on('producerresume', () => this.notifier.notify(peer.socketId, 'sfu:producerResumed', { consultationId: peer.consultationId, producerId }));
    return {
      id: consumer.id,
      producerId,
      kind: consumer.kind,
      rtpParameters: asParameters(consumer.rtpParameters),
      role: producer.appData.role,
      ...(producer.appData.guestId ? { guestId: producer.appData.guestId } : {}),
      source: producer.appData.source,
      producerPaused: consumer.producerPaused,
    };
  }

  async resumeConsumer(peer: MediaPeer, consumerId: string): Promise<void> {
    const { self } = await this.peer(peer);
    await self.consumer(consumerId).resume();
  }

  async pauseProducer(peer: MediaPeer, producerId: string): Promise<void> {
    const { self } = await this.peer(peer);
    await self.producer(producerId).pause();
  }

  async resumeProducer(peer: MediaPeer, producerId: string): Promise<void> {
    const { self } = await this.peer(peer);
    await self.producer(producerId).resume();
  }

  async closeProducer(peer: MediaPeer, producerId: string): Promise<void> {
    const room = this.rooms.get(peer.consultationId);
    const producer = room?.peers.get(peer.socketId)?.producers.get(producerId);
    if (!room || !producer) throw new NotFound('Producer not found.');
    producer.close();
  }

  async restartIce(peer: MediaPeer, transportId: string): Promise<MediaParameters> {
    const { self } = await this.peer(peer);
    return asParameters(await self.transport(transportId).restartIce());
  }

  release(consultationId: string, socketId: string): void {
    const room = this.rooms.get(consultationId);
    if (!room) return;
    room.peers.get(socketId)?.close();
    room.peers.delete(socketId);
    if (room.peers.size === 0) {
      this.rooms.delete(consultationId);
      room.close();
    }
  }

  async close(): Promise<void> {
    for (const room of this.rooms.values()) room.close();
    this.rooms.clear();
    this.pool.close();
  }
}

export async function startMediasoupSfu(media: Config['media'], workerBin: string, notifier: PeerNotifier): Promise<LocalSfu> {
  // mediasoup reads the worker path from the environment when it is first imported.
  process.env.MEDIASOUP_WORKER_BIN ??= workerBin;
  const mediasoup = await import('mediasoup');
  const pool = await WorkerPool.start(
    mediasoup,
    { logLevel: 'warn', rtcMinPort: media.rtcMinPort, rtcMaxPort: media.rtcMaxPort },
    media.workers,
  );
  // Every Router is made with MEDIA_CODECS, so one made now tells what all of them will offer.
  const probe = await pool.createRouter({ mediaCodecs: MEDIA_CODECS });
  const capabilities = asParameters(probe.rtpCapabilities);
  probe.close();
  return new MediasoupSfu(pool, media, notifier, capabilities);
}
