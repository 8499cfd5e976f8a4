import type { ParticipantRole } from '../../common/socket-events';

/** The Socket.IO room of one consultation: its patient's and doctor's call screens. */
export const consultationRoom = (consultationId: string): string => `consultation:${consultationId}`;

/** Every open screen of one patient or one doctor (lists, dashboard, call), joined on connect. */
export const actorRoom = (role: ParticipantRole, id: string): string => `${role}:${id}`;

/** Guests of one consultation waiting for the doctor to let them in (issue 38). */
export const lobbyRoom = (consultationId: string): string => `lobby:${consultationId}`;

/** Every socket of one consultation's guests, joined on connect: the consultation's end closes them. */
export const guestsRoom = (consultationId: string): string => `guests:${consultationId}`;

const LOBBY_PREFIX = 'lobby:';

/** The consultation whose lobby this is, or null for any other room. */
export function consultationOfLobby(room: string): string | null {
  return room.startsWith(LOBBY_PREFIX) ? room.slice(LOBBY_PREFIX.length) : null;
}

/** Every socket opened with one session (one browser), so signing out there closes them all. */
export const sessionRoom = (fingerprint: string): string => `session:${fingerprint}`;

const ROOM_PREFIX = 'consultation:';

/** The consultation whose room this is, or null for any other room. */
export function consultationOfRoom(room: string): string | null {
  return room.startsWith(ROOM_PREFIX) ? room.slice(ROOM_PREFIX.length) : null;
}

/** The consultation ids among a socket's rooms. */
export function joinedConsultations(rooms: Iterable<string>): string[] {
  return [...rooms].map(consultationOfRoom).filter((id): id is string => id !== null);
}
