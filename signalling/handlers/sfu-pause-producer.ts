import { producerRefSchema } from '../../common/schemas/signalling';
import { defineHandler } from './define';
import { mediaPeer, sfu } from './guards';

export const sfuPauseProducerHandler = defineHandler({
  event: 'sfu:pauseProducer',
  schema: producerRefSchema,
  access: 'room',
  rate: 'signalling',
  async handle(ctx, { consultationId, producerId }) {
    await sfu(ctx).pauseProducer(mediaPeer(ctx, consultationId), producerId);
    return null;
  },
});
