import type { CallActor } from '../../server/policies/consultation-guest';
import type { SignallingServices } from '../services';
import { broadcastPresence, type RoomSnapshot } from './presence';
import { announceWaiting, type WaitingSubject } from './waiting';

/**
 * Someone (`who`) joined, left or dropped: the room hears who is there now, and (for a side) the doctor's
 * screens whether the patient waits there without them. Answers the room as it was announced.
 */
export async function announceRoomChange(
  services: Pick<SignallingServices, 'io' | 'reconnecting'>,
  consultationId: string,
  who: CallActor,
  known?: WaitingSubject,
): Promise<RoomSnapshot> {
  const room = await broadcastPresence(services, consultationId);
  // A guest coming or going changes nothing about whether the patient waits for the doctor.
  if (who.kind !== 'guest') await announceWaiting(services, consultationId, room, who, known);
  return room;
}
