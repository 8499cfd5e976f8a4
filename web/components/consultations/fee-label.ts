import type { Consultation } from '../../../common/api-types';
import { formatCents } from '../../../common/constants';

/** On a cancelled consultation: where its fee went, for the patient who paid it and the doctor it was paid to. */
export function cancelledFeeLabel(c: Consultation): string {
  const fee = `$${formatCents(c.fee ?? 0)}`;
  if (c.paymentStatus === 'refunded') return `Refunded ${fee}`;
  if (c.refundPending) return `Refund of ${fee} pending`;
  if (c.paymentStatus === 'paid') return 'Not refunded';
  return 'Not charged';
}
