import { transportRefSchema } from '../../common/schemas/signalling';
import { defineHandler } from './define';
import { mediaPeer, sfu } from './guards';

/** After a network change the client restarts ICE on its transports with fresh parameters. */
export const sfuRestartIceHandler = defineHandler({
  event: 'sfu:restartIce',
  schema: transportRefSchema,
  access: 'room',
  rate: 'signalling',
  async handle(ctx, { consultationId, transportId }) {
    return { iceParameters: await sfu(ctx).restartIce(mediaPeer(ctx, consultationId), transportId) };
  },
});
