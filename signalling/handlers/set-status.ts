import { setStatusSchema } from '../../common/schemas/signalling';
import { Forbidden } from '../../server/errors';
import { changeConsultationStatus } from '../../server/services/consultations/status';
import { settleCancelledConsultation } from '../../server/services/payments/consultation-payments';
import { recordSocketAuditIn } from '../audit';
import { loadMembership } from '../rooms/membership';
import { defineHandler } from './define';

/**
 * The doctor moves the consultation along from the call screen, through the same state machine as
 * PUT /api/doctor/consultation/{id}/status; the change is pushed like any other (realtime event).
 */
export const setStatusHandler = defineHandler({
  event: 'consultation:setStatus',
  schema: setStatusSchema,
  access: 'session',
  rate: 'signalling',
  async handle(ctx, { consultationId, status, ...outcome }) {
    const membership = await loadMembership(consultationId, ctx.socket.data);
    if (membership.role !== 'doctor') throw new Forbidden('Only the doctor can change the consultation status.');
    const updated = await changeConsultationStatus(ctx.app.deps.realtime, consultationId, status, outcome, (trx) =>
      recordSocketAuditIn(trx, ctx.socket, { action: `consultation.status.${status}`, outcome: 'success', consultationId, patientId: membership.patientId }),
    );
    await settleCancelledConsultation(ctx.app.deps, updated, 'doctor');
    return { consultation: { id: updated.id, status: updated.status } };
  },
});
