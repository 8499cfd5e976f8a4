import type { ConsultationSide } from '../../server/policies/consultation';
import type { SignallingServices } from '../services';
import { broadcastPresence, type RoomSnapshot } from './presence';
import { announceWaiting, type WaitingSubject } from './waiting';

/**
 * Someone (`who`) joined, left or dropped: the room hears who is there now, and the doctor's screens
 * whether the patient waits there without them. Answers the room as it was announced.
 */
export async function announceRoomChange(
  services: Pick<SignallingServices, 'io' | 'reconnecting'>,
  consultationId: string,
  who: ConsultationSide,
  known?: WaitingSubject,
): Promise<RoomSnapshot> {
  const room = await broadcastPresence(services, consultationId);
  await announceWaiting(services, consultationId, room, who, known);
  return room;
}
