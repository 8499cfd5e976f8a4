import { consultationRefSchema } from '../../common/schemas/signalling';
import { defineHandler } from './define';
import { sfu } from './guards';

export const sfuGetRouterRtpCapabilitiesHandler = defineHandler({
  event: 'sfu:getRouterRtpCapabilities',
  schema: consultationRefSchema,
  access: 'room',
  rate: 'signalling',
  async handle(ctx, { consultationId }) {
    return { rtpCapabilities: await sfu(ctx).routerRtpCapabilities(consultationId) };
  },
});
