import { consultationRefSchema } from '../../common/schemas/signalling';
import { defineHandler } from './define';
import { sfu } from './guards';

/**
 * The capabilities every Router of this server offers. Any live session may ask, before joining (the
 * device check loads the client's device meanwhile); a peer-to-peer server answers wrong_media_mode.
 */
export const sfuGetRouterRtpCapabilitiesHandler = defineHandler({
  event: 'sfu:getRouterRtpCapabilities',
  schema: consultationRefSchema,
  access: 'session',
  rate: 'signalling',
  async handle(ctx) {
    return { rtpCapabilities: sfu(ctx).routerRtpCapabilities() };
  },
});
