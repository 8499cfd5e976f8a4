import type { Consultation } from '../../../common/api-types';
import type { PaymentStatus } from '../../../common/constants';
import { PAYMENT_STATUS_LABELS } from '../../../common/payment-status';
import { Badge, type BadgeTone } from '../ui';
import { cancelledFeeLabel } from './fee-label';

const TONES: Record<PaymentStatus, BadgeTone> = {
  pending: 'warning',
  paid: 'success',
  failed: 'danger',
  refunded: 'neutral',
};

const CANCELLED_TONES: Record<PaymentStatus, BadgeTone> = { refunded: 'info', paid: 'warning', pending: 'neutral', failed: 'neutral' };

/**
 * A consultation's payment as a badge (patient and doctor screens): on a cancelled one, where the fee went
 * ('Refunded $110.00', 'Not refunded'), not just 'Paid'. data-payment carries the raw status.
 */
export function ConsultationFeeBadge({ consultation: c }: { consultation: Consultation }) {
  const cancelled = c.status === 'cancelled';
  const tone = !cancelled ? TONES[c.paymentStatus] : c.refundPending ? 'info' : CANCELLED_TONES[c.paymentStatus];
  return (
    <Badge $tone={tone} data-payment={c.paymentStatus} data-testid="payment-status">
      {cancelled ? cancelledFeeLabel(c) : PAYMENT_STATUS_LABELS[c.paymentStatus]}
    </Badge>
  );
}
