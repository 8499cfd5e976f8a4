import { consultationRefSchema } from '../../common/schemas/signalling';
import { clientIce } from '../media/ice';
import { defineHandler } from './define';

/**
 * Fresh TURN credentials for a participant about to build a media link again without joining again (a
 * network change, an ICE restart): a join's own expire TURN_CREDENTIAL_TTL_SECONDS after it.
 */
export const iceServersHandler = defineHandler({
  event: 'media:iceServers',
  schema: consultationRefSchema,
  access: 'room',
  rate: 'signalling',
  async handle(ctx) {
    return clientIce(ctx.app.deps.config.media, ctx.socket.data.id);
  },
});
