import { emptyBodySchema } from '../../common/schemas/misc';
import { Forbidden } from '../../server/errors';
import { socketActor } from '../auth';
import { waitingPatientsOf } from '../rooms/waiting';
import { defineHandler } from './define';

/**
 * The doctor's dashboard asks, when its connection opens (and again after every reconnect), which of
 * the doctor's consultations have a patient waiting; 'consultation:patientWaiting' pushes keep it current.
 */
export const waitingPatientsHandler = defineHandler({
  event: 'consultation:waitingPatients',
  schema: emptyBodySchema,
  access: 'session',
  rate: 'signalling',
  async handle(ctx) {
    const actor = socketActor(ctx.socket.data);
    if (actor.kind !== 'doctor') throw new Forbidden('Only doctors can see who is waiting for them.');
    return { patients: await waitingPatientsOf(ctx, actor) };
  },
});
