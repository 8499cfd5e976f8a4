import type { PaymentStatus } from '../../../common/constants';
import { PAYMENT_STATUS_LABELS } from '../../../common/payment-status';
import { Badge, type BadgeTone } from '../ui';

const TONES: Record<PaymentStatus, BadgeTone> = {
  pending: 'warning',
  paid: 'success',
  failed: 'danger',
  refunded: 'neutral',
};

/** A consultation's payment as a badge (patient and doctor screens); data-payment carries the raw value. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge $tone={TONES[status]} data-payment={status} data-testid="payment-status">
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
