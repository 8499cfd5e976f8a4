import { connectTransportSchema } from '../../common/schemas/signalling';
import { defineHandler } from './define';
import { mediaPeer, sfu } from './guards';

/** A link request: a transport the join prepared ahead of its answer connects while the join is put on record. */
export const sfuConnectTransportHandler = defineHandler({
  event: 'sfu:connectTransport',
  schema: connectTransportSchema,
  access: 'link',
  rate: 'signalling',
  async handle(ctx, { consultationId, transportId, dtlsParameters }) {
    await sfu(ctx).connectTransport(mediaPeer(ctx, consultationId), transportId, dtlsParameters);
    return null;
  },
});
