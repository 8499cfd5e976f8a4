import { markCallConnected } from '../../server/services/consultations/call-connected';
import type { RoomSnapshot } from './presence';
import { log } from '../../server/log';

/**
 * When the patient and the doctor were first in the consultation's call together: the call timer's zero on
 * every screen, kept on the consultation so a reload, a later return or another signalling process reads the
 * same. The join that finds both sides in the room sets it, once (two such joins at once agree on the first);
 * if it cannot be stored the join goes on, and each screen counts from its own start.
 */
export async function callConnectedSince(consultationId: string, known: Date | null, room: RoomSnapshot): Promise<Date | null> {
  if (known || !(room.joinedAt.patient && room.joinedAt.doctor)) return known;
  try {
    return await markCallConnected(consultationId);
  } catch (err) {
    log.warn({ consultationId, error: (err as Error).message }, 'call start not stored');
    return null;
  }
}
