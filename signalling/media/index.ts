import type { Config } from '../../server/config';
import { log } from '../../server/log';
import type { MediaBackend, PeerNotifier } from './backend';
import { detectMediasoupWorker } from './detect';
import { announcedAddress } from './mediasoup/announced-address';
import { createP2PBackend } from './p2p';
import { clusterSfu } from './cluster/clustered-sfu';
import type { RedisClientType } from 'redis';

/**
 * The SFU when a mediasoup worker is available (and MEDIA_MODE is not p2p), else peer-to-peer. With
 * Redis, the processes share the SFU: each consultation's media lives on one of them.
 * MEDIA_MODE=sfu without a usable worker still starts, in P2P, and says why.
 */
export async function createMediaBackend(media: Config['media'], notifier: PeerNotifier, redis?: RedisClientType): Promise<MediaBackend> {
  const detection = detectMediasoupWorker(media);
  if (!detection.available) {
    if (media.mode === 'sfu') log.warn({ cause: detection.reason }, 'MEDIA_MODE=sfu but the SFU cannot start; calls run peer-to-peer');
    else log.info({ cause: detection.reason }, 'calls run peer-to-peer');
    return createP2PBackend();
  }
  try {
    const { startMediasoupSfu } = await import('./mediasoup/sfu');
    const announced = announcedAddress(media);
    const sfu = await startMediasoupSfu({ ...media, announcedIp: announced.address }, detection.workerBin, notifier);
    log.info({ workers: media.workers, shared: Boolean(redis), announcedAddress: announced.address ?? media.listenIp }, 'calls run through the mediasoup SFU');
    if (announced.guessed) {
      log.info({ announcedAddress: announced.address }, "MEDIASOUP_ANNOUNCED_IP is not set: the SFU names this host's own address to browsers; behind NAT, set it to the public one");
    }
    return redis ? await clusterSfu(sfu, redis) : sfu;
  } catch (err) {
    log.warn({ error: err instanceof Error ? err.message : String(err) }, 'mediasoup failed to start; calls run peer-to-peer');
    return createP2PBackend();
  }
}

export type { MediaBackend, SfuBackend, MediaPeer } from './backend';
