import { CONSULTATION_ACTIONS } from '../../../common/consultation-status';
import type { Consultation } from '../../../db/models';
import type { AppContext } from '../../context';
import { recordAuditIn } from '../audit';
import { doctorInGoodStanding } from '../doctor-standing';
import { assertRefundAsShown } from '../payments/refund-rule';
import { settleCancelledConsultation } from '../payments/consultation-payments';
import { changeConsultationStatus } from './status';

/**
 * The patient cancels one of their consultations (loaded with its doctor): refused (409) when it would now
 * refund another amount than `shownRefund`, when sent; else the status and the request's audit row in one
 * transaction, then the fee settled as the refund rule says (server/services/payments/refund-rule.ts), by
 * the doctor's standing the check read.
 */
export async function cancelAsPatient(ctx: AppContext, consultation: Consultation, shownRefund?: number): Promise<Consultation> {
  const doctorWithdrawn = !doctorInGoodStanding(consultation.doctor!);
  assertRefundAsShown(consultation, doctorWithdrawn, shownRefund);
  const cancelled = await changeConsultationStatus(ctx.deps.realtime, consultation.id, CONSULTATION_ACTIONS.cancel.to, {}, (trx, changed) =>
    recordAuditIn(trx, ctx, { action: 'consultation.cancel', outcome: 'success', resourceType: 'consultation', resourceId: changed.id, patientId: changed.patientId }),
  );
  return settleCancelledConsultation(ctx.deps, cancelled, 'patient', doctorWithdrawn);
}
