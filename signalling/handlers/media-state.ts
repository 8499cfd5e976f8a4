import { mediaStateSchema } from '../../common/schemas/signalling';
import { consultationRoom } from '../rooms/names';
import { defineHandler } from './define';

/** Microphone / camera / screen toggles, relayed so the other side can show them. */
export const mediaStateHandler = defineHandler({
  event: 'media:state',
  schema: mediaStateSchema,
  access: 'room',
  rate: 'signalling',
  async handle(ctx, state) {
    ctx.socket.data.media[state.consultationId] = state;
    ctx.socket.to(consultationRoom(state.consultationId)).emit('media:state', { ...state, role: ctx.socket.data.role });
    return null;
  },
});
