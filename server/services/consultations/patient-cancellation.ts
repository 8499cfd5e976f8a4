import { CONSULTATION_ACTIONS } from '../../../common/consultation-status';
import type { Consultation } from '../../../db/models';
import type { AppContext } from '../../context';
import { recordAuditIn } from '../audit';
import { settleCancelledConsultation } from '../payments/consultation-payments';
import { changeConsultationStatus } from './status';

/**
 * The patient cancels one of their consultations: the status and the request's audit row in one transaction,
 * then the fee settled as the refund rule says (server/services/payments/refund-rule.ts).
 */
export async function cancelAsPatient(ctx: AppContext, consultationId: string): Promise<Consultation> {
  const cancelled = await changeConsultationStatus(ctx.deps.realtime, consultationId, CONSULTATION_ACTIONS.cancel.to, {}, (trx, consultation) =>
    recordAuditIn(trx, ctx, { action: 'consultation.cancel', outcome: 'success', resourceType: 'consultation', resourceId: consultation.id, patientId: consultation.patientId }),
  );
  return settleCancelledConsultation(ctx.deps, cancelled, 'patient');
}
