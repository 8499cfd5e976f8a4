import type { MediaState, Participant, ParticipantRole } from '../../common/socket-events';
import type { SignallingServer } from '../types';
import { consultationRoom } from './names';

const ROLE_ORDER: Record<ParticipantRole, number> = { patient: 0, doctor: 1 };

export interface RoomSnapshot {
  participants: Participant[];
  /** Last reported track state per role (a side with two open tabs reports its latest). */
  media: Partial<Record<ParticipantRole, MediaState>>;
}

/**
 * Who is in a consultation's room right now, across every process sharing the adapter.
 * Several sockets of one person (two tabs, a reconnect racing the old socket's timeout) count once.
 */
export async function roomSnapshot(io: SignallingServer, consultationId: string): Promise<RoomSnapshot> {
  const sockets = await io.in(consultationRoom(consultationId)).fetchSockets();
  const byRole = new Map<ParticipantRole, Participant>();
  const media: RoomSnapshot['media'] = {};
  for (const socket of sockets) {
    const { role, name } = socket.data;
    if (!role) continue;
    byRole.set(role, { role, name });
    const state = socket.data.media?.[consultationId];
    if (state) media[role] = { ...state, role };
  }
  const participants = [...byRole.values()].sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role]);
  return { participants, media };
}

/** Pushes 'presence' to the consultation's room and answers the participants it sent. */
export async function broadcastPresence(io: SignallingServer, consultationId: string): Promise<RoomSnapshot> {
  const snapshot = await roomSnapshot(io, consultationId);
  io.to(consultationRoom(consultationId)).emit('presence', { consultationId, participants: snapshot.participants });
  return snapshot;
}
