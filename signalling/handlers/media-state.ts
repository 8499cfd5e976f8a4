import { mediaStateSchema } from '../../common/schemas/signalling';
import { consultationRoom } from '../rooms/names';
import { defineHandler } from './define';
import { assertJoined } from './guards';

/** Microphone / camera / screen toggles, relayed so the other side can show them. */
export const mediaStateHandler = defineHandler({
  event: 'media:state',
  schema: mediaStateSchema,
  async handle(ctx, state) {
    assertJoined(ctx, state.consultationId);
    ctx.socket.data.media[state.consultationId] = state;
    ctx.socket.to(consultationRoom(state.consultationId)).emit('media:state', { ...state, role: ctx.socket.data.role });
    return null;
  },
});
