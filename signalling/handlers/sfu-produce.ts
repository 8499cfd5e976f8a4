import { produceSchema } from '../../common/schemas/signalling';
import { defineHandler } from './define';
import { mediaPeer, sfu } from './guards';

export const sfuProduceHandler = defineHandler({
  event: 'sfu:produce',
  schema: produceSchema,
  access: 'room',
  rate: 'signalling',
  async handle(ctx, { consultationId, transportId, kind, rtpParameters, appData }) {
    const producerId = await sfu(ctx).produce(mediaPeer(ctx, consultationId), { transportId, kind, rtpParameters, source: appData.source });
    return { producerId };
  },
});
