import type { MediaParameters, PreparedSfuEvent, PreparedSfuMedia } from '../../common/socket-events';
import type { HandlerContext } from '../services';
import { mediaPeer, sfu } from './guards';

/**
 * What a joining client through the SFU asks for next, done with the join: both transports, then a
 * paused consumer of each producer the other side already has. Undefined when any step fails: the
 * client then asks for each itself, as it does when it builds its media again.
 */
async function prepareSfuMedia(ctx: HandlerContext, consultationId: string, rtpCapabilities: MediaParameters): Promise<PreparedSfuMedia | undefined> {
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

/** The same, sent to the client as soon as it is ready ('sfu:prepared'), ahead of the join's answer. */
export async function prepareSfuMediaAhead(
  ctx: HandlerContext,
  consultationId: string,
  rtpCapabilities: MediaParameters,
  join: Omit<PreparedSfuEvent, 'consultationId' | 'sfu'>,
): Promise<PreparedSfuMedia | undefined> {
  const sfu = await prepareSfuMedia(ctx, consultationId, rtpCapabilities);
  if (sfu) ctx.socket.emit('sfu:prepared', { consultationId, ...join, sfu });
  return sfu;
}
