import { producerRefSchema } from '../../common/schemas/signalling';
import { defineHandler } from './define';
import { mediaPeer, sfu } from './guards';

export const sfuResumeProducerHandler = defineHandler({
  event: 'sfu:resumeProducer',
  schema: producerRefSchema,
  access: 'room',
  rate: 'signalling',
  async handle(ctx, { consultationId, producerId }) {
    await sfu(ctx).resumeProducer(mediaPeer(ctx, consultationId), producerId);
    return null;
  },
});
