import type { AppDeps } from '../../context';
import { startHourlySweep } from '../../lib/hourly-sweep';
import { refundFee } from './consultation-payments';
import { announcePayment } from '../consultations/announce';

/**
 * Asks Stripe again for every refund owed on a cancellation that it could not make at the time (Stripe
 * unreachable); answers how many it made. Stripe's idempotency key (one refund per consultation) and its
 * refusal of a second full refund keep a refund made but not recorded, or asked by two processes at once,
 * from being made twice.
 */
export async function retryDueRefunds(deps: AppDeps): Promise<number> {
  const due = await deps.knex('consultations as c')
    .join('payments as p', 'p.consultation_id', 'c.id')
    .whereNotNull('c.refund_due_at')
    .where({ 'c.status': 'cancelled', 'c.payment_status': 'paid' })
    .whereNotNull('p.stripe_payment_intent_id')
    .select('c.id', 'c.patient_id as patientId', 'c.doctor_id as doctorId', 'p.stripe_payment_intent_id as intentId');
  let made = 0;
  for (const { id, patientId, doctorId, intentId } of due as { id: string; patientId: string; doctorId: string; intentId: string }[]) {
    try {
      await refundFee(deps, id, intentId);
      announcePayment(deps.realtime, { id, patientId, doctorId });
      made += 1;
    } catch (err) {
      deps.log.warn({ consultationId: id, error: (err as Error).message }, 'a refund owed could not be made with Stripe; the next sweep retries');
    }
  }
  return made;
}

/** Runs the refund retries at start and every hour in a process that runs jobs (RUN_JOBS), when Stripe is configured. */
export function startRefundRetries(deps: AppDeps): { stop(): void } | undefined {
  if (!deps.config.stripe) return undefined;
  const retry = () => retryDueRefunds(deps).then((made) => made && deps.log.info({ made }, 'refunds owed made on retry'));
  return startHourlySweep(retry, 'refund retry sweep', deps.log);
}
