import { SocketGate } from './access/gate';
import { socketActor } from './auth';
import { bindHandler } from './handlers/define';
import { HANDLERS } from './handlers';
import { actorRoom, consultationOfLobby, guestsRoom, joinedConsultations } from './rooms/names';
import { announceLobby } from './rooms/lobby';
import { participantKey } from '../common/participants';
import { participantOf } from './rooms/participants';
import { announceRoomChange } from './rooms/room-change';
import { GOING_AWAY_GRACE_MS } from './rooms/reconnecting';
import type { SignallingServices } from './services';
import type { SignallingSocket } from './types';
import { log } from '../server/log';
import { watchGoingAway } from './going-away';

/** Socket.IO's reasons for a connection that died rather than one that was closed on purpose. */
const DROPPED_CONNECTION = new Set<string>(['transport close', 'transport error', 'ping timeout']);

/**
 * A connected, authenticated socket: it joins its owner's own room (for status pushes to every open
 * screen; its session's room was joined at the handshake), gets its gate and the request handlers, and on
 * disconnect tells the rooms it left (leaving them gives up its media: rooms/room-media.ts) and the doctor
 * whose lobby it waited in; a connection that died shows as reconnecting there for a while.
 */
export async function onConnection(services: SignallingServices, socket: SignallingSocket): Promise<void> {
  const ctx = { ...services, socket, gate: new SocketGate(services, socket) };
  for (const handler of HANDLERS) bindHandler(ctx, handler);

  const closedAsGoingAway = watchGoingAway(socket);
  let leftRooms: string[] = [];
  let leftLobbies: string[] = [];
  socket.on('disconnecting', () => {
    leftRooms = joinedConsultations(socket.rooms);
    leftLobbies = [...socket.rooms].map(consultationOfLobby).filter((id): id is string => id !== null);
  });
  socket.on('disconnect', (reason) => {
    if (services.lifecycle.closing) return;
    const dropped = DROPPED_CONNECTION.has(reason);
    const grace = closedAsGoingAway() ? GOING_AWAY_GRACE_MS : undefined;
    for (const consultationId of leftRooms) {
      const announce = () =>
        announceRoomChange(services, consultationId, socketActor(socket.data)).catch((err: Error) =>
          log.warn({ consultationId, error: err.message }, 'presence after disconnect failed'),
        );
      const participant = participantOf(socket.data);
      if (dropped) services.reconnecting.hold(consultationId, participant, announce, socket.data.joinedAt[consultationId], grace);
      // Leaving on purpose, as consultation:leave does: an earlier socket of theirs whose drop was noticed only
      // after they came back (a reconnect racing the old socket's timeout) must not show them as reconnecting now.
      else services.reconnecting.release(consultationId, participantKey(participant));
      services.lifecycle.track(announce());
    }
    for (const consultationId of leftLobbies) {
      services.lifecycle.track(
        announceLobby(services, consultationId).catch((err: Error) => log.warn({ consultationId, error: err.message }, 'lobby after disconnect failed')),
      );
    }
  });
  await socket.join(actorRoom(socket.data.role, socket.data.id));
  // A guest's sockets close when their consultation ends (rooms/consultation-end.ts).
  if (socket.data.guestOf) await socket.join(guestsRoom(socket.data.guestOf));
}
