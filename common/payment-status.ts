/**
 * Where a consultation's payment can go (docs/integrations.md 'Payments (Stripe)'): a pending or failed payment can succeed (a
 * declined card may be retried), a pending one can fail, a paid one can only be refunded, and a refund is
 * final. Webhooks delivered late, twice or out of order pass through this table, so an older event can
 * never undo a newer one (a late 'payment failed' cannot unpay a paid fee).
 * Pure TypeScript: no Node or DOM imports.
 */
import { PAYMENT_STATUSES, type PaymentStatus } from './constants';
import { StatusMachine, type StatusAction } from './status-machine';

const PAYMENT_ACTIONS = {
  succeed: { from: ['pending', 'failed'], to: 'paid' },
  fail: { from: ['pending'], to: 'failed' },
  refund: { from: ['paid'], to: 'refunded' },
} as const satisfies Record<string, StatusAction<PaymentStatus>>;

export const paymentMachine = new StatusMachine(PAYMENT_STATUSES, 'pending', PAYMENT_ACTIONS);

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Payment pending',
  paid: 'Paid',
  failed: 'Payment failed',
  refunded: 'Refunded',
};

/** A consultation whose payment failed cannot be joined until the fee is paid. */
export function paymentAllowsJoining(status: PaymentStatus): boolean {
  return status !== 'failed';
}

export const PAYMENT_FAILED_JOIN_MESSAGE = 'The payment for this consultation failed. Pay the consultation fee to join the call.';

/** What the payment endpoints answer (503) and the screens say when the server has no Stripe keys. */
export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured';

/** Hours before its start after which a patient's cancellation is no longer refunded (docs/integrations.md 'Payments (Stripe)'). */
export const FREE_CANCELLATION_HOURS = 24;
