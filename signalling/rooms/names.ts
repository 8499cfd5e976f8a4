import type { ParticipantRole } from '../../common/socket-events';

/** The Socket.IO room of one consultation: its patient's and doctor's call screens. */
export const consultationRoom = (consultationId: string): string => `consultation:${consultationId}`;

/** Every open screen of one patient or one doctor (lists, dashboard, call), joined on connect. */
export const actorRoom = (role: ParticipantRole, id: string): string => `${role}:${id}`;

/** Every socket opened with one session (one browser), so signing out there closes them all. */
export const sessionRoom = (fingerprint: string): string => `session:${fingerprint}`;

const ROOM_PREFIX = 'consultation:';

/** The consultation ids among a socket's rooms. */
export function joinedConsultations(rooms: Iterable<string>): string[] {
  return [...rooms].filter((r) => r.startsWith(ROOM_PREFIX)).map((r) => r.slice(ROOM_PREFIX.length));
}
