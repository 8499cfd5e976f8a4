import type { MediaState, Participant, ParticipantRole } from '../../common/socket-events';
import type { SignallingServices } from '../services';
import { consultationRoom } from './names';
import { participantKey } from '../../common/participants';
import { participantOf } from './participants';

const ROLE_ORDER: Record<ParticipantRole, number> = { patient: 0, doctor: 1, guest: 2 };

/** The two sides of a consultation, whose track state and arrival the room keeps (guests' state travels as events). */
type Side = Exclude<ParticipantRole, 'guest'>;

export interface RoomSnapshot {
  /** The patient, the doctor, then guests. */
  participants: Participant[];
  /** Last reported track state per side (a side with two open tabs reports its latest). */
  media: Partial<Record<Side, MediaState>>;
  /** Since when each side has been in the room (the earliest of its sockets). */
  joinedAt: Partial<Record<Side, string>>;
}

type PresenceServices = Pick<SignallingServices, 'io' | 'reconnecting'>;

/**
 * Who is in each of some consultations' rooms right now, across every process sharing the adapter (one
 * fetch for all of them), plus whoever dropped a moment ago and is expected back (marked reconnecting).
 * Several sockets of one person (two tabs, a reconnect racing the old socket's timeout) count once.
 */
export async function roomSnapshots({ io, reconnecting }: PresenceServices, consultationIds: string[]): Promise<Map<string, RoomSnapshot>> {
  // An empty list of rooms would mean every socket.
  const sockets = consultationIds.length ? await io.in(consultationIds.map(consultationRoom)).fetchSockets() : [];
  const snapshots = new Map<string, RoomSnapshot>();
  for (const consultationId of consultationIds) {
    const room = consultationRoom(consultationId);
    const byKey = new Map<string, Participant>();
    const media: RoomSnapshot['media'] = {};
    const joinedAt: RoomSnapshot['joinedAt'] = {};
    for (const socket of sockets) {
      const { role } = socket.data;
      if (!role || !socket.rooms.has(room)) continue;
      const participant = participantOf(socket.data);
      byKey.set(participantKey(participant), participant);
      if (role === 'guest') continue;
      const since = socket.data.joinedAt?.[consultationId];
      if (since && !(joinedAt[role] && joinedAt[role] <= since)) joinedAt[role] = since;
      const state = socket.data.media?.[consultationId];
      if (state) media[role] = { ...state, role };
    }
    for (const held of reconnecting.list(consultationId)) {
      const key = participantKey(held);
      if (byKey.has(key)) continue;
      byKey.set(key, held);
      const since = reconnecting.joinedAt(consultationId, key);
      if (since && held.role !== 'guest') joinedAt[held.role] = since;
    }
    const participants = [...byKey.values()].sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role]);
    snapshots.set(consultationId, { participants, media, joinedAt });
  }
  return snapshots;
}

/** Who is in one consultation's room (see roomSnapshots). */
async function roomSnapshot(services: PresenceServices, consultationId: string): Promise<RoomSnapshot> {
  return (await roomSnapshots(services, [consultationId])).get(consultationId)!;
}

/** Pushes 'presence' to the consultation's room and answers the participants it sent. */
export async function broadcastPresence(services: PresenceServices, consultationId: string): Promise<RoomSnapshot> {
  const snapshot = await roomSnapshot(services, consultationId);
  services.io.to(consultationRoom(consultationId)).emit('presence', { consultationId, participants: snapshot.participants });
  return snapshot;
}
