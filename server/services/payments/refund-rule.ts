/**
 * The refund rule for consultation fees (docs/integrations.md 'Payments (Stripe)', refund rule), in one place:
 * the settlement after a cancellation applies it, and every consultation the server sends carries what a
 * cancellation by the patient would do to the fee (`cancellation`), so no screen works the rule out itself.
 */
import type { ConsultationCancellation } from '../../../common/api-types';
import { consultationMachine } from '../../../common/consultation-status';
import { FREE_CANCELLATION_HOURS } from '../../../common/payment-status';
import { formatCents } from '../../../common/constants';
import type { Consultation } from '../../../db/models';
import { Conflict } from '../../errors';

type Booked = Pick<Consultation, 'appointmentDate'>;

/** The circumstances of a cancellation the rule weighs. */
interface CancellationFacts {
  by: 'patient' | 'doctor';
  at: Date;
  /** The clinic has since unverified or deactivated the booked doctor: the consultation cannot take place. */
  doctorWithdrawn: boolean;
}

/** Until then a patient's cancellation refunds the fee paid in full. */
function refundDeadline(consultation: Booked): Date {
  return new Date(new Date(consultation.appointmentDate).getTime() - FREE_CANCELLATION_HOURS * 3_600_000);
}

/**
 * The doctor's cancellation is always refunded, as is any of a consultation whose doctor the clinic withdrew;
 * the patient's otherwise only before the deadline.
 */
export function cancellationIsRefunded(consultation: Booked, { by, at, doctorWithdrawn }: CancellationFacts): boolean {
  return by === 'doctor' || doctorWithdrawn || at.getTime() < refundDeadline(consultation).getTime();
}

/** What the patient cancelling at `now` would refund and keep; null when there is no fee or it can no longer be cancelled. */
export function cancellationTerms(
  consultation: Pick<Consultation, 'appointmentDate' | 'status' | 'fee' | 'paymentStatus'>,
  doctorWithdrawn: boolean,
  now = new Date(),
): ConsultationCancellation | null {
  if (!consultationMachine.can(consultation.status, 'cancel') || !consultation.fee) return null;
  const refunded = cancellationIsRefunded(consultation, { by: 'patient', at: now, doctorWithdrawn });
  const paid = consultation.paymentStatus === 'paid' ? consultation.fee : 0;
  return {
    refundDeadline: refundDeadline(consultation).toISOString(),
    deadlinePassed: now.getTime() >= refundDeadline(consultation).getTime(),
    refundAmount: refunded ? paid : 0,
    keptAmount: refunded ? 0 : paid,
  };
}

/** Refuses (409) with `what`, when the patient sent the refund they were shown (`shown`) and it is no longer `actual`. */
function assertShown(actual: number, shown: number | undefined, what: (actual: string, shown: string) => string): void {
  if (shown === undefined || actual === shown) return;
  throw new Conflict(what(`$${formatCents(actual)}`, `$${formatCents(shown)}`));
}

/**
 * Refuses (409) a patient's cancellation whose refund is no longer the one they were shown, when they sent it:
 * what the cancel dialog said is what the cancellation does.
 */
export function assertRefundAsShown(consultation: Parameters<typeof cancellationTerms>[0], doctorWithdrawn: boolean, shown: number | undefined, now = new Date()): void {
  const terms = cancellationTerms(consultation, doctorWithdrawn, now);
  if (!terms) return;
  assertShown(
    terms.refundAmount,
    shown,
    (actual, was) => `Cancelling now refunds ${actual}, not the ${was} shown when you opened it. Nothing was cancelled: read the new terms and cancel again if you still want to.`,
  );
}

/**
 * Refuses (409) an account deletion whose refunds, summed over the scheduled consultations it cancels, are no
 * longer what the patient was shown, when they sent it: the deletion dialog's promise holds as the cancel dialog's does.
 */
export function assertDepartureRefundAsShown(
  scheduled: { consultation: Parameters<typeof cancellationTerms>[0]; doctorWithdrawn: boolean }[],
  shown: number | undefined,
  now = new Date(),
): void {
  const total = scheduled.reduce((sum, { consultation, doctorWithdrawn }) => sum + (cancellationTerms(consultation, doctorWithdrawn, now)?.refundAmount ?? 0), 0);
  assertShown(
    total,
    shown,
    (actual, was) =>
      `Deleting your account now refunds ${actual}, not the ${was} shown when you opened it. Nothing was deleted: read the new terms and delete again if you still want to.`,
  );
}
