import type { LobbyGuest } from '../../common/socket-events';
import type { SignallingServices } from '../services';
import { actorRoom, lobbyRoom } from './names';

type LobbyServices = Pick<SignallingServices, 'io' | 'app'>;

/** Who waits in a consultation's lobby, on every process (a guest's several tabs count once), longest waiting first. */
export async function lobbyOf({ io }: LobbyServices, consultationId: string): Promise<LobbyGuest[]> {
  const sockets = await io.in(lobbyRoom(consultationId)).fetchSockets();
  const byGuest = new Map<string, LobbyGuest>();
  for (const socket of sockets) {
    const { id, name, lobbySince } = socket.data;
    const waitingSince = lobbySince ?? new Date().toISOString();
    const known = byGuest.get(id);
    if (!known || waitingSince < known.waitingSince) byGuest.set(id, { guestId: id, name, waitingSince });
  }
  return [...byGuest.values()].sort((a, b) => a.waitingSince.localeCompare(b.waitingSince));
}

/** Tells the doctor's screens who waits in the lobby now (after a guest came, was let in or removed, or went away). */
export async function announceLobby(services: LobbyServices, consultationId: string, doctorId?: string): Promise<void> {
  const [doctor, guests] = await Promise.all([doctorId ?? services.app.deps.consultationStandings.doctorOf(consultationId), lobbyOf(services, consultationId)]);
  if (doctor) services.io.to(actorRoom('doctor', doctor)).emit('consultation:lobby', { consultationId, guests });
}
