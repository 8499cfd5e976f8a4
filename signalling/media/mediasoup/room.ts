import type { types as ms } from 'mediasoup';
import type { NewProducerEvent, ParticipantRole, TrackSource, TransportDirection } from '../../../common/socket-events';
import { NotFound } from '../../../server/errors';

export interface ProducerData extends ms.AppData {
  source: TrackSource;
  role: ParticipantRole;
  socketId: string;
  guestId?: string;
}

export interface TransportData extends ms.AppData {
  direction: TransportDirection;
}

/** One socket's transports, producers and consumers in a room. */
export class SfuPeer {
  readonly transports = new Map<string, ms.WebRtcTransport<TransportData>>();
  readonly producers = new Map<string, ms.Producer<ProducerData>>();
  readonly consumers = new Map<string, ms.Consumer>();

  constructor(
    readonly socketId: string,
    readonly role: ParticipantRole,
  ) {}

  transport(id: string, direction?: TransportDirection): ms.WebRtcTransport<TransportData> {
    const transport = this.transports.get(id);
    if (!transport || (direction && transport.appData.direction !== direction)) throw new NotFound('Transport not found.');
    return transport;
  }

  producer(id: string): ms.Producer<ProducerData> {
    const producer = this.producers.get(id);
    if (!producer) throw new NotFound('Producer not found.');
    return producer;
  }

  consumer(id: string): ms.Consumer {
    const consumer = this.consumers.get(id);
    if (!consumer) throw new NotFound('Consumer not found.');
    return consumer;
  }

  /** Closing the transports closes their producers and consumers too. */
  close(): void {
    for (const transport of this.transports.values()) transport.close();
    this.transports.clear();
    this.producers.clear();
    this.consumers.clear();
  }
}

/** One consultation: one Router and the peers in it. */
export class SfuRoom {
  readonly peers = new Map<string, SfuPeer>();

  constructor(
    readonly consultationId: string,
    readonly router: ms.Router,
  ) {}

  peer(socketId: string, role: ParticipantRole): SfuPeer {
    let peer = this.peers.get(socketId);
    if (!peer) {
      peer = new SfuPeer(socketId, role);
      this.peers.set(socketId, peer);
    }
    return peer;
  }

  others(socketId: string): SfuPeer[] {
    return [...this.peers.values()].filter((p) => p.socketId !== socketId);
  }

  /** A producer of another peer in this room (a peer never consumes its own tracks). */
  findForeignProducer(socketId: string, producerId: string): ms.Producer<ProducerData> {
    for (const peer of this.others(socketId)) {
      const producer = peer.producers.get(producerId);
      if (producer) return producer;
    }
    throw new NotFound('Producer not found.');
  }

  describe(producer: ms.Producer<ProducerData>): NewProducerEvent {
    return {
      consultationId: this.consultationId,
      producerId: producer.id,
      role: producer.appData.role,
      ...(producer.appData.guestId ? { guestId: producer.appData.guestId } : {}),
      source: producer.appData.source,
      kind: producer.kind,
    };
  }

  close(): void {
    for (const peer of this.peers.values()) peer.close();
    this.peers.clear();
    this.router.close();
  }
}
