import { producerRefSchema } from '../../common/schemas/signalling';
import { defineHandler } from './define';
import { mediaPeer, sfu } from './guards';

export const sfuCloseProducerHandler = defineHandler({
  event: 'sfu:closeProducer',
  schema: producerRefSchema,
  access: 'room',
  rate: 'signalling',
  async handle(ctx, { consultationId, producerId }) {
    await sfu(ctx).closeProducer(mediaPeer(ctx, consultationId), producerId);
    return null;
  },
});
