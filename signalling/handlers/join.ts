import { joinSchema } from '../../common/schemas/signalling';
import { CHAT_HISTORY_PAGE } from '../../common/constants';
import { canJoinConsultation } from '../../common/consultation-status';
import { PAYMENT_FAILED_JOIN_MESSAGE, paymentAllowsJoining } from '../../common/payment-status';
import { SIGNALLING_ERROR_CODES } from '../../common/socket-events';
import { SignallingError, inLobby } from '../errors';
import { clientIce } from '../media/ice';
import { socketActor } from '../auth';
import { recordSocketAudit } from '../audit';
import { loadMembership, type Membership } from '../rooms/membership';
import { consultationRoom, lobbyRoom } from '../rooms/names';
import { announceLobby } from '../rooms/lobby';
import { participantKey } from '../../common/participants';
import { participantOf } from '../rooms/participants';
import { GUESTS_NEED_SFU } from '../../common/constants';
import type { HandlerContext } from '../services';
import type { RoomSnapshot } from '../rooms/presence';
import { announceRoomChange } from '../rooms/room-change';
import { defineHandler } from './define';
import { prepareSfuMediaAhead } from './prepared-media';
import { beginJoin } from '../rooms/joins-underway';
import { leaveConsultationRoom } from '../rooms/leave-room';
import { callConnectedSince } from '../rooms/call-start';

/** An ended consultation has no room: its sides read its history, and nobody is there. */
const NO_ROOM: RoomSnapshot = { participants: [], media: {}, joinedAt: {} };

/** Whose track state a joiner sees first: the patient the doctor's, the doctor the patient's, a guest the doctor's. */
const OTHER_SIDE = { patient: 'doctor', doctor: 'patient', guest: 'doctor' } as const;

/**
 * A guest the doctor has not let in waits in the consultation's lobby (the doctor's screens hear who waits;
 * audited), and is answered in_lobby: 'guest:admitted' tells them when to join again.
 */
async function waitInLobby(ctx: HandlerContext, membership: Membership): Promise<never> {
  const consultationId = membership.consultation.id;
  await ctx.socket.join(lobbyRoom(consultationId));
  ctx.socket.data.lobbySince ??= new Date().toISOString();
  await Promise.all([
    announceLobby(ctx, consultationId, membership.doctorId),
    recordSocketAudit(ctx.socket, { action: 'guest.lobby', outcome: 'success', consultationId, patientId: membership.patientId }),
  ]);
  throw inLobby();
}

/**
 * The membership is read fresh from the database; the join then goes on record, and only then is the room
 * entered (its chat lines and presence reach whoever is in it) when the consultation still runs (once
 * completed or cancelled, the answer carries the consultation and its chat history, read-only). Through the
 * SFU, for a client that sent its RTP capabilities, the media is prepared beside the audit row and sent ahead
 * ('sfu:prepared'), so the client starts its links meanwhile; it holds no health data, and nothing flows on
 * it before the answer (rooms/joins-underway.ts). The history and the room's announcement follow the entry.
 */
export const joinHandler = defineHandler({
  event: 'consultation:join',
  schema: joinSchema,
  access: 'session',
  rate: 'signalling',
  async handle(ctx, { consultationId, rtpCapabilities }) {
    // A consultation not theirs is refused here, and audited as a refusal (handlers/define.ts).
    const membership = await loadMembership(consultationId, ctx.socket.data);
    const open = canJoinConsultation(membership.consultation.status);
    if (open && !paymentAllowsJoining(membership.paymentStatus)) {
      await recordSocketAudit(ctx.socket, { action: 'consultation.join', outcome: 'denied', consultationId, patientId: membership.patientId });
      throw new SignallingError(SIGNALLING_ERROR_CODES.paymentFailed, PAYMENT_FAILED_JOIN_MESSAGE);
    }
    if (open && membership.guest) {
      // Guests need the SFU: peer-to-peer links only the patient and the doctor.
      if (ctx.media.mode !== 'sfu') throw new SignallingError(SIGNALLING_ERROR_CODES.conflict, GUESTS_NEED_SFU);
      if (!membership.guest.admittedAt) await waitInLobby(ctx, membership);
    }
    const room = consultationRoom(consultationId);
    const withMedia = open && membership.consultation.consultationType !== 'chat' && ctx.media.mode === 'sfu' && rtpCapabilities;
    // TURN credentials are made for each join, named after the account, and never logged.
    const ice = clientIce(ctx.app.deps.config.media, ctx.socket.data.id);
    // The prepared media goes out ahead of the answer; the socket's room requests wait for the answer.
    const settle = withMedia ? beginJoin(ctx.socket, consultationId) : undefined;
    let entered = false;
    let cameBack: string | undefined;
    try {
      const [prepared] = await Promise.all([
        withMedia ? prepareSfuMediaAhead(ctx, consultationId, rtpCapabilities, { role: membership.role, ...ice }) : undefined,
        recordSocketAudit(ctx.socket, { action: 'consultation.join', outcome: 'success', consultationId, patientId: membership.patientId }),
      ]);
      // A socket that closed meanwhile (its leaving already handled) takes no place in the room.
      if (ctx.socket.disconnected) throw new SignallingError(SIGNALLING_ERROR_CODES.notJoined, 'The connection closed while joining.');
      if (open) {
        if (!ctx.socket.rooms.has(room)) {
          await ctx.socket.join(room);
          entered = true;
        }
        cameBack = ctx.reconnecting.release(consultationId, participantKey(participantOf(ctx.socket.data)));
        ctx.socket.data.joinedAt[consultationId] ??= cameBack ?? new Date().toISOString();
      }
      const [history, presence] = await Promise.all([
        // A guest reads the chat from their admission on, never what was said before they came.
        ctx.chat.page(consultationId, membership.names, { limit: CHAT_HISTORY_PAGE, since: membership.guest?.admittedAt ?? undefined }),
        open ? announceRoomChange(ctx, consultationId, socketActor(ctx.socket.data), { doctorId: membership.doctorId, status: membership.consultation.status }) : NO_ROOM,
      ]);
      const callConnectedAt = open ? await callConnectedSince(consultationId, membership.callConnectedAt, presence) : membership.callConnectedAt;
      const otherRole = OTHER_SIDE[membership.role];
      return {
        consultation: membership.consultation,
        role: membership.role,
        media: ctx.media.mode,
        messages: history.messages,
        hasMoreMessages: history.hasMore,
        participants: presence.participants,
        remoteMedia: presence.media[otherRole] ?? null,
        doctorWithdrawn: membership.doctorWithdrawn,
        callStartedAgoMs: callConnectedAt ? Math.max(0, Date.now() - callConnectedAt.getTime()) : null,
        ...ice,
        ...(prepared && { sfu: prepared }),
      };
    } catch (failure) {
      // A join that failed keeps nothing it was handed: out of the room if it entered it, its prepared media
      // released; one who was reconnecting is shown so again.
      if (entered) await leaveConsultationRoom(ctx, consultationId, cameBack).catch(() => undefined);
      else if (withMedia && !ctx.socket.rooms.has(room)) await ctx.media.release(consultationId, ctx.socket.id);
      throw failure;
    } finally {
      settle?.();
    }
  },
});
