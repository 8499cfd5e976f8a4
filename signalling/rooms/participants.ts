import type { Participant, SocketData } from '../../common/socket-events';

/** How the room shows a socket's owner: a guest with their id, since two guests share the role. */
export function participantOf({ role, id, name }: Pick<SocketData, 'role' | 'id' | 'name'>): Participant {
  return role === 'guest' ? { role, guestId: id, name } : { role, name };
}

/** One key per person in a room: the role for the patient and the doctor, the guest's id for a guest. */
export function participantKey(participant: Pick<Participant, 'role' | 'guestId'>): string {
  return participant.guestId ? `guest:${participant.guestId}` : participant.role;
}
