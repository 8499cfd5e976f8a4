import type { Participant, SocketData } from '../../common/socket-events';

/** How the room shows a socket's owner: a guest with their id, since two guests share the role. */
export function participantOf({ role, id, name }: Pick<SocketData, 'role' | 'id' | 'name'>): Participant {
  return role === 'guest' ? { role, guestId: id, name } : { role, name };
}
