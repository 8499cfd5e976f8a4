import type { MediaParameters, PreparedSfuMedia } from '../../common/socket-events';
import type { HandlerContext } from '../services';
import { mediaPeer, sfu } from './guards';

/**
 * What a joining client through the SFU asks for next, done with the join: both transports, then a
 * paused consumer of each producer the other side already has. Undefined when any step fails: the
 * client then asks for each itself, as it does when it builds its media again.
 */
export async function prepareSfuMedia(ctx: HandlerContext, consultationId: string, rtpCapabilities: MediaParameters): Promise<PreparedSfuMedia | undefined> {
  const backend = sfu(ctx);
  const peer = mediaPeer(ctx, consultationId);
  try {
    const [send, recv, producers] = await Promise.all([backend.createTransport(peer, 'send'), backend.createTransport(peer, 'recv'), backend.listProducers(peer)]);
    const consumers = await Promise.all(producers.map((producer) => backend.consume(peer, producer.producerId, rtpCapabilities)));
    return { send, recv, consumers };
  } catch {
    return undefined;
  }
}
