import { connectTransportSchema } from '../../common/schemas/signalling';
import { defineHandler } from './define';
import { mediaPeer, sfu } from './guards';

export const sfuConnectTransportHandler = defineHandler({
  event: 'sfu:connectTransport',
  schema: connectTransportSchema,
  access: 'room',
  rate: 'signalling',
  async handle(ctx, { consultationId, transportId, dtlsParameters }) {
    await sfu(ctx).connectTransport(mediaPeer(ctx, consultationId), transportId, dtlsParameters);
    return null;
  },
});
