import type { RedisClientType } from 'redis';
import type { MediaParameters, TransportDirection } from '../../../common/socket-events';
import { log } from '../../../server/log';
import type { LocalSfu, MediaPeer, ProduceRequest, SfuBackend } from '../backend';
import { RedisRpc } from './redis-rpc';
import { RoomOwnership } from './room-ownership';

/** The SFU calls that run on the process owning the consultation's Router. */
const ROUTED_CALLS = [
  'createTransport',
  'connectTransport',
  'produce',
  'listProducers',
  'consume',
  'resumeConsumer',
  'pauseProducer',
  'resumeProducer',
  'closeProducer',
  'restartIce',
  'release',
] as const;
type RoutedCall = (typeof ROUTED_CALLS)[number];

/**
 * The SFU across several processes sharing Redis: each consultation's media lives on one process (the
 * first one asked), and SFU calls arriving at any other process are forwarded there. Both sides'
 * transports are on that one Router and their browsers connect to that process's media ports; server
 * pushes (new producer, producer closed) reach the sockets wherever they are, through the adapter.
 */
class ClusteredSfu implements SfuBackend {
  readonly mode = 'sfu' as const;

  constructor(
    private readonly local: LocalSfu,
    private readonly rpc: RedisRpc,
    private readonly ownership: RoomOwnership,
  ) {}

  /** This process's share: the rooms whose media it owns. */
  counts() {
    return this.local.counts();
  }

  /** Runs a call here when this process owns the consultation's media, else on its owner. */
  private async route<T>(consultationId: string, call: RoutedCall, args: unknown[]): Promise<T> {
    const owner = await this.ownership.ownerOf(consultationId);
    if (owner === this.rpc.serverId) return (await this.runHere(call, args)) as T;
    return (await this.rpc.call(owner, call, args)) as T;
  }

  /** A call this process serves, for itself or forwarded by another process. */
  async runHere(call: string, args: unknown[]): Promise<unknown> {
    if (!(ROUTED_CALLS as readonly string[]).includes(call)) throw new Error(`unknown media call ${call}`);
    const method = this.local[call as RoutedCall] as (...params: unknown[]) => unknown;
    return method.apply(this.local, args);
  }

  /** Every process makes its Routers with the same codecs. */
  routerRtpCapabilities() {
    return this.local.routerRtpCapabilities();
  }
  createTransport(peer: MediaPeer, direction: TransportDirection) {
    return this.route<Awaited<ReturnType<LocalSfu['createTransport']>>>(peer.consultationId, 'createTransport', [peer, direction]);
  }
  connectTransport(peer: MediaPeer, transportId: string, dtlsParameters: MediaParameters) {
    return this.route<void>(peer.consultationId, 'connectTransport', [peer, transportId, dtlsParameters]);
  }
  produce(peer: MediaPeer, request: ProduceRequest) {
    return this.route<string>(peer.consultationId, 'produce', [peer, request]);
  }
  listProducers(peer: MediaPeer) {
    return this.route<Awaited<ReturnType<LocalSfu['listProducers']>>>(peer.consultationId, 'listProducers', [peer]);
  }
  consume(peer: MediaPeer, producerId: string, rtpCapabilities: MediaParameters) {
    return this.route<Awaited<ReturnType<LocalSfu['consume']>>>(peer.consultationId, 'consume', [peer, producerId, rtpCapabilities]);
  }
  resumeConsumer(peer: MediaPeer, consumerId: string) {
    return this.route<void>(peer.consultationId, 'resumeConsumer', [peer, consumerId]);
  }
  pauseProducer(peer: MediaPeer, producerId: string) {
    return this.route<void>(peer.consultationId, 'pauseProducer', [peer, producerId]);
  }
  resumeProducer(peer: MediaPeer, producerId: string) {
    return this.route<void>(peer.consultationId, 'resumeProducer', [peer, producerId]);
  }
  closeProducer(peer: MediaPeer, producerId: string) {
    return this.route<void>(peer.consultationId, 'closeProducer', [peer, producerId]);
  }
  restartIce(peer: MediaPeer, transportId: string) {
    return this.route<MediaParameters>(peer.consultationId, 'restartIce', [peer, transportId]);
  }

  async release(consultationId: string, socketId: string): Promise<void> {
    await this.route<void>(consultationId, 'release', [consultationId, socketId]).catch((err: Error) =>
      log.warn({ consultationId, error: err.message }, 'media release failed'),
    );
  }

  async close(): Promise<void> {
    await this.ownership.close();
    await this.rpc.close();
    await this.local.close();
  }
}

export async function clusterSfu(local: LocalSfu, client: RedisClientType): Promise<SfuBackend> {
  let sfu: ClusteredSfu | null = null;
  const rpc = await RedisRpc.connect(client, (call, args) => sfu!.runHere(call, args));
  const ownership = new RoomOwnership(client, rpc.serverId, (consultationId) => local.isOpen(consultationId));
  // The id Redis names a consultation's media owner by (medivault:sfu:owner:*): which process that is.
  log.info({ serverId: rpc.serverId }, 'sharing the SFU with the other processes through Redis');
  sfu = new ClusteredSfu(local, rpc, ownership);
  return sfu;
}
