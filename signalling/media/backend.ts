import type {
  ConsumerParams,
  MediaKind,
  MediaParameters,
  MediaMode,
  NewProducerEvent,
  ParticipantRole,
  ServerToClientEvents,
  TrackSource,
  TransportDirection,
  TransportParams,
} from '../../common/socket-events';

/** One socket's part in one consultation's media. */
export interface MediaPeer {
  consultationId: string;
  socketId: string;
  role: ParticipantRole;
  /** A guest's id: their tracks are labelled with it, one tile per participant. */
  guestId?: string;
}

/** How a media backend talks to one socket (through the Socket.IO server, on any process). */
export interface PeerNotifier {
  notify<E extends keyof ServerToClientEvents>(socketId: string, event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
}

/** What a process's media backend holds right now (read by the metrics). */
export interface MediaCounts {
  workers: number;
  /** One mediasoup Router per consultation whose media runs here. */
  routers: number;
  producers: number;
  consumers: number;
}

interface MediaBackendBase {
  readonly mode: MediaMode;
  counts(): MediaCounts;
  /** Frees what a socket holds in a consultation (it left or disconnected). */
  release(consultationId: string, socketId: string): void | Promise<void>;
  close(): Promise<void>;
}

/** Peer-to-peer: the browsers connect to each other; the server only relays their signals. */
export interface P2PBackend extends MediaBackendBase {
  readonly mode: 'p2p';
}

export interface ProduceRequest {
  transportId: string;
  kind: MediaKind;
  rtpParameters: MediaParameters;
  source: TrackSource;
}

/** Selective forwarding: every track goes up to the server once and down to the other side. */
export interface SfuBackend extends MediaBackendBase {
  readonly mode: 'sfu';
  /** What every Router of this server offers (they all have the same codecs): a client loads its device from it before joining. */
  routerRtpCapabilities(): MediaParameters;
  createTransport(peer: MediaPeer, direction: TransportDirection): Promise<TransportParams>;
  connectTransport(peer: MediaPeer, transportId: string, dtlsParameters: MediaParameters): Promise<void>;
  produce(peer: MediaPeer, request: ProduceRequest): Promise<string>;
  /** The other peers' producers, so a late joiner can consume what is already flowing. */
  listProducers(peer: MediaPeer): Promise<NewProducerEvent[]>;
  consume(peer: MediaPeer, producerId: string, rtpCapabilities: MediaParameters): Promise<ConsumerParams>;
  resumeConsumer(peer: MediaPeer, consumerId: string): Promise<void>;
  pauseProducer(peer: MediaPeer, producerId: string): Promise<void>;
  resumeProducer(peer: MediaPeer, producerId: string): Promise<void>;
  closeProducer(peer: MediaPeer, producerId: string): Promise<void>;
  restartIce(peer: MediaPeer, transportId: string): Promise<MediaParameters>;
}

export type MediaBackend = P2PBackend | SfuBackend;

/** The SFU of this one process, with what the cluster needs to know of its rooms. */
export interface LocalSfu extends SfuBackend {
  isOpen(consultationId: string): boolean;
}
