import { useQueryClient } from '@tanstack/react-query';
import type { Consultation } from '../../../common/api-types';
import { formatCents } from '../../../common/constants';
import { doctorLabel } from '../../../common/names';
import { myConsultationsQuery } from '../../api/consultations';
import { consultationFeeCheckout, feePaid, usePaymentsConfig, waitUntil } from '../../api/payments';
import { formatDay, formatTime } from '../../components/consultations/format';
import { PaymentCheckoutPanel } from '../../components/payments/PaymentCheckoutPanel';
import { showToast } from '../../components/toast';
import { FeeTermsNote } from '../../components/payments/FeeTermsNote';
import { Dialog, Stack } from '../../components/ui';
import { feeOf } from './ConsultationCard';
import { paymentTerms } from './refund-terms';

/** The fee of a booked consultation, paid with Stripe's card form; the list shows it paid once the server has it from Stripe. */
export function PayConsultationDialog({ consultation: c, onClose }: { consultation: Consultation | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const hours = usePaymentsConfig().data?.freeCancellationHours;
  const paid = async (id: string) => {
    showToast('Payment Successful!', 'Your consultation fee is paid.', 'success');
    await waitUntil(() => feePaid(id));
    await queryClient.invalidateQueries({ queryKey: myConsultationsQuery.queryKey });
    onClose();
  };
  return (
    <Dialog
      open={c !== null}
      title="Pay Consultation Fee"
      description={c ? `${doctorLabel(c.doctorName)}, ${formatDay(c.appointmentDate)} at ${formatTime(c.appointmentDate)}: $${formatCents(feeOf(c))}.` : undefined}
      onClose={onClose}
    >
      {c ? (
        <Stack $gap="14px">
          <FeeTermsNote text={hours ? paymentTerms(c, hours) : null} tone={c.cancellation?.deadlinePassed ? 'warning' : 'info'} />
          <PaymentCheckoutPanel key={c.id} start={() => consultationFeeCheckout(c.id)} expectedAmount={feeOf(c)} onPaid={() => void paid(c.id)} onBack={onClose} />
        </Stack>
      ) : null}
    </Dialog>
  );
}
