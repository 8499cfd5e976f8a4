/**
 * The sentences that tell the patient what happens to a consultation fee, written from what the server sends
 * (the consultation's `cancellation`, its payment status, and the rule's hours from /api/payments/config):
 * the screens state the rule, they never work it out.
 */
import type { Consultation } from '../../../common/api-types';
import { formatCents } from '../../../common/constants';
import { doctorLabel } from '../../../common/names';
import { consultationMachine } from '../../../common/consultation-status';
import { formatDay, formatTime } from '../../components/consultations/format';

const dollars = (cents: number) => `$${formatCents(cents)}`;
const when = (iso: string) => `${formatDay(iso)} at ${formatTime(iso)}`;

/** Before booking: what the fee is and when it comes back. */
export function bookingTerms(hours: number): string {
  return `You pay this fee after booking. If you cancel more than ${hours} hours before the start, it is refunded in full; if you cancel later, it is not refunded.`;
}

/** Before paying a booked consultation's fee. */
export function paymentTerms(c: Consultation, hours: number): string | null {
  const terms = c.cancellation;
  if (!terms || !c.fee) return null;
  if (terms.deadlinePassed) return `This consultation starts in less than ${hours} hours: if you cancel it after paying, the ${dollars(c.fee)} is not refunded.`;
  return `If you cancel before ${when(terms.refundDeadline)} (${hours} hours before the start), the ${dollars(c.fee)} is refunded in full. After that, cancelling refunds nothing.`;
}

const withdrawnDoctor = (c: Consultation) => `${doctorLabel(c.doctorName)} can no longer take this consultation`;

/** On the card of an open consultation whose doctor the clinic withdrew: what happened and what to do. */
export function withdrawnDoctorNote(c: Consultation): string {
  const what = `${withdrawnDoctor(c)}: the clinic has withdrawn their access.`;
  if (!consultationMachine.can(c.status, 'cancel')) return `${what} Contact the clinic about this booking.`;
  const refund = c.cancellation?.refundAmount ? ` for a full refund of ${dollars(c.cancellation.refundAmount)}` : '';
  return `${what} Cancel it${refund} and book another doctor.`;
}

/** In the cancel dialog: exactly what this cancellation refunds or keeps. */
export function cancellationOutcome(c: Consultation, hours: number): string | null {
  const terms = c.cancellation;
  if (!terms || !c.fee) return null;
  if (c.doctorWithdrawn && terms.refundAmount > 0) return `You paid ${dollars(terms.refundAmount)}. ${withdrawnDoctor(c)}, so cancelling refunds the full ${dollars(terms.refundAmount)} to your card.`;
  if (terms.refundAmount > 0) return `You paid ${dollars(terms.refundAmount)}. Cancelling now, before ${when(terms.refundDeadline)}, refunds the full ${dollars(terms.refundAmount)} to your card.`;
  if (terms.keptAmount > 0)
    return `You paid ${dollars(terms.keptAmount)}. Refunds end ${hours} hours before the start (${when(terms.refundDeadline)}), so cancelling now refunds nothing: the ${dollars(terms.keptAmount)} is kept.`;
  return `You have not paid the ${dollars(c.fee)} fee, so cancelling charges and refunds nothing.`;
}

/** The toast after a cancellation, from the server's answer. */
export function cancelledMessage(c: Consultation): string {
  if (c.paymentStatus === 'refunded') return `Your consultation has been cancelled and ${dollars(c.fee ?? 0)} is refunded to your card.`;
  if (c.refundPending) return `Your consultation has been cancelled. Your ${dollars(c.fee ?? 0)} refund is pending: the payment provider could not be reached, and the refund is retried automatically.`;
  if (c.paymentStatus === 'paid') return `Your consultation has been cancelled. The ${dollars(c.fee ?? 0)} you paid is not refunded.`;
  return 'Your consultation has been cancelled.';
}

const scheduledOf = (consultations: Consultation[]) => consultations.filter((c) => c.status === 'scheduled');

/** What deleting the account refunds, in cents: sent with the deletion, so one that would now refund another total is refused. */
export function deletionRefund(consultations: Consultation[]): number {
  return scheduledOf(consultations).reduce((sum, c) => sum + (c.cancellation?.refundAmount ?? 0), 0);
}

/** Before deleting the account: the scheduled consultations it cancels, and where their fees go. */
export function deletionCancels(consultations: Consultation[]): string | null {
  const scheduled = scheduledOf(consultations);
  if (!scheduled.length) return null;
  const one = scheduled.length === 1;
  const refund = deletionRefund(scheduled);
  const kept = scheduled.reduce((sum, c) => sum + (c.cancellation?.keptAmount ?? 0), 0);
  return [
    `${one ? 'Your scheduled consultation is' : `Your ${scheduled.length} scheduled consultations are`} cancelled now, and keeping your account later does not book ${one ? 'it' : 'them'} again.`,
    refund ? `${dollars(refund)} you paid is refunded to your card.` : '',
    kept ? `${dollars(kept)} paid for a consultation that starts too soon for a refund is kept.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

