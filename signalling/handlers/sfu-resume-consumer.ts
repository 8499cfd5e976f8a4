import { consumerRefSchema } from '../../common/schemas/signalling';
import { defineHandler } from './define';
import { mediaPeer, sfu } from './guards';

export const sfuResumeConsumerHandler = defineHandler({
  event: 'sfu:resumeConsumer',
  schema: consumerRefSchema,
  access: 'room',
  rate: 'signalling',
  async handle(ctx, { consultationId, consumerId }) {
    await sfu(ctx).resumeConsumer(mediaPeer(ctx, consultationId), consumerId);
    return null;
  },
});
