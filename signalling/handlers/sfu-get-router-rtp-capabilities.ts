import { consultationRefSchema } from '../../common/schemas/signalling';
import { defineHandler } from './define';
import { assertJoined, sfu } from './guards';

export const sfuGetRouterRtpCapabilitiesHandler = defineHandler({
  event: 'sfu:getRouterRtpCapabilities',
  schema: consultationRefSchema,
  async handle(ctx, { consultationId }) {
    const backend = sfu(ctx);
    assertJoined(ctx, consultationId);
    return { rtpCapabilities: await backend.routerRtpCapabilities(consultationId) };
  },
});
