import { consultationRefSchema } from '../../common/schemas/signalling';
import { defineHandler } from './define';
import { mediaPeer, sfu } from './guards';

export const sfuGetProducersHandler = defineHandler({
  event: 'sfu:getProducers',
  schema: consultationRefSchema,
  access: 'room',
  rate: 'signalling',
  async handle(ctx, { consultationId }) {
    return { producers: await sfu(ctx).listProducers(mediaPeer(ctx, consultationId)) };
  },
});
