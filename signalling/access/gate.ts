import { NotFound } from '../../server/errors';
import { RefusedRoomRequest, consultationEnded, notJoined } from '../errors';
import { socketActor } from '../auth';
import { consultationRoom } from '../rooms/names';
import { joinSettled, joinUnderway } from '../rooms/joins-underway';
import type { SignallingServices } from '../services';
import type { SignallingSocket } from '../types';
import { SocketRateLimits, rateLimited, type RateClass } from './rate-limit';
import { SessionCheck } from './session-check';

/**
 * What a request needs besides a well-formed payload: every request a live session; a room request
 * (chat lines, media and its signalling) also the socket's place in the consultation's room while the
 * consultation runs, and its join answered (rooms/joins-underway.ts). A link request (connecting a transport
 * the join prepared, which lets no media flow) is a room request that need not wait for that answer, nor for
 * the room, which the socket enters once its join is on record.
 */
export type Access = 'session' | 'room' | 'link';

/**
 * One socket's checks before any handler acts: its rate limits (before the payload is even read), then
 * its session and, for room requests, its consultation, from facts at most a recheck period old.
 */
export class SocketGate {
  private readonly limits: SocketRateLimits;
  private readonly session: SessionCheck;

  constructor(
    private readonly services: Pick<SignallingServices, 'app' | 'chatLimits'>,
    private readonly socket: SignallingSocket,
  ) {
    const { sockets } = services.app.deps.config;
    this.limits = new SocketRateLimits(sockets.rateLimits);
    this.session = new SessionCheck(services.app, socket, sockets.authRecheckMs);
  }

  throttle(rateClass: RateClass): void {
    this.limits.take(rateClass);
  }

  /**
   * Chat's shared limits, once the request is known to be the sender's own: the account's budget across
   * all its sockets and the consultation's across both sides (a foreign consultation never gets this far,
   * so nobody can spend another consultation's budget).
   */
  async throttleChat(consultationId: string): Promise<void> {
    const { role, id } = this.socket.data;
    if (!(await this.services.chatLimits.take(`${role}:${id}`, consultationId))) throw rateLimited('chat');
  }

  /**
   * A room request in a consultation that has ended takes the socket out of its room (which releases
   * its media) and is refused with consultation_ended; a side not in the room gets not_joined, and so does
   * a stranger, whose request is also audited as a refusal (handlers/define.ts).
   */
  async authorize(access: Access, consultationId: string): Promise<void> {
    await this.session.assertLive();
    if (access === 'session') return;
    const standing = await this.services.app.deps.consultationStandings.standing(socketActor(this.socket.data), consultationId);
    // A join still being answered may have handed its media ahead: nothing flows before it is on record.
    if (access === 'room') await joinSettled(this.socket, consultationId);
    const room = consultationRoom(consultationId);
    const inRoom = this.socket.rooms.has(room);
    if (standing === 'open') {
      if (inRoom || (access === 'link' && joinUnderway(this.socket, consultationId))) return;
      throw notJoined();
    }
    // Ended, or no longer theirs: the room is no place for this socket any more.
    if (inRoom) await this.socket.leave(room);
    if (standing === 'ended') throw consultationEnded();
    // A socket in the room was a side: its consultation is gone (the account deleted), nothing was refused.
    if (inRoom) throw new NotFound('Consultation not found.');
    const patientId = await this.services.app.deps.consultationStandings.patientOf(consultationId);
    throw new RefusedRoomRequest({ resourceType: 'consultation', resourceId: consultationId, patientId });
  }
}
