import { mediaStateSchema } from '../../common/schemas/signalling';
import { consultationRoom } from '../rooms/names';
import { participantOf } from '../rooms/participants';
import { defineHandler } from './define';

/** Microphone / camera / screen toggles, relayed so the others in the room can show them. */
export const mediaStateHandler = defineHandler({
  event: 'media:state',
  schema: mediaStateSchema,
  access: 'room',
  rate: 'signalling',
  async handle(ctx, state) {
    ctx.socket.data.media[state.consultationId] = state;
    const { role, guestId } = participantOf(ctx.socket.data);
    ctx.socket.to(consultationRoom(state.consultationId)).emit('media:state', { ...state, role, ...(guestId ? { guestId } : {}) });
    return null;
  },
});
