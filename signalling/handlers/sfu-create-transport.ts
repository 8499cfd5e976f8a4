import { createTransportSchema } from '../../common/schemas/signalling';
import { defineHandler } from './define';
import { mediaPeer, sfu } from './guards';

export const sfuCreateTransportHandler = defineHandler({
  event: 'sfu:createTransport',
  schema: createTransportSchema,
  access: 'room',
  rate: 'signalling',
  async handle(ctx, { consultationId, direction }) {
    return sfu(ctx).createTransport(mediaPeer(ctx, consultationId), direction);
  },
});
