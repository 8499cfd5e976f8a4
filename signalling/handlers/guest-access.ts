import { Forbidden } from '../../server/errors';
import { canJoinConsultation } from '../../common/consultation-status';
import { guestOf } from '../../server/policies/consultation-guest';
import type { GuestAudit } from '../../server/services/consultation-guests';
import { consultationEnded } from '../errors';
import { recordSocketAuditIn } from '../audit';
import { loadMembership } from '../rooms/membership';
import type { HandlerContext } from '../services';
import type { SignallingSocket } from '../types';

/** The doctor's guest of a running consultation: the patient is told only the doctor may, a stranger that it does not exist. */
export async function doctorsGuest(ctx: HandlerContext, consultationId: string, guestId: string) {
  const membership = await loadMembership(consultationId, ctx.socket.data);
  if (membership.role !== 'doctor') throw new Forbidden('Only the doctor can let guests in or remove them.');
  if (!canJoinConsultation(membership.consultation.status)) throw consultationEnded();
  const guest = await guestOf({ id: consultationId, patientId: membership.patientId }, guestId);
  return { membership, guest };
}

/** A guest change's audit row, on the guest as REST records it, made by the socket's owner in the change's transaction. */
export const socketGuestAudit =
  (socket: SignallingSocket, consultationId: string, guestId: string): GuestAudit =>
  (trx, entry) =>
    recordSocketAuditIn(trx, socket, { action: entry.action, outcome: entry.outcome, consultationId, resource: { type: 'consultation_guest', id: guestId }, patientId: entry.patientId });
