import { consumeSchema } from '../../common/schemas/signalling';
import { defineHandler } from './define';
import { mediaPeer, sfu } from './guards';

/** The consumer starts paused: the client resumes it once its track is attached. */
export const sfuConsumeHandler = defineHandler({
  event: 'sfu:consume',
  schema: consumeSchema,
  access: 'room',
  rate: 'signalling',
  async handle(ctx, { consultationId, producerId, rtpCapabilities }) {
    return sfu(ctx).consume(mediaPeer(ctx, consultationId), producerId, rtpCapabilities);
  },
});
