import type { Consultation } from '../../../common/api-types';
import { doctorLabel } from '../../../common/names';
import { useCancelConsultation } from '../../api/consultations';
import { usePaymentsConfig } from '../../api/payments';
import { Button, Dialog, Stack } from '../../components/ui';
import { showToast } from '../../components/toast';
import { DialogActions } from '../../components/consultations/DialogActions';
import { FeeTermsNote } from '../../components/payments/FeeTermsNote';
import { messageOf } from '../../api/auth';
import { formatDay, formatTime } from '../../components/consultations/format';
import { cancellationOutcome, cancelledMessage } from './refund-terms';

/**
 * Asks before cancelling and says what the cancellation does to a fee. The refund shown is sent with the
 * cancellation, so one that would now refund another amount is refused by the server rather than made.
 */
export function CancelConsultationDialog({ consultation, onClose }: { consultation: Consultation | null; onClose: () => void }) {
  const cancel = useCancelConsultation();
  const hours = usePaymentsConfig().data?.freeCancellationHours;
  const confirm = async () => {
    if (!consultation) return;
    try {
      const cancelled = await cancel.mutateAsync({ id: consultation.id, refundAmount: consultation.cancellation?.refundAmount });
      showToast('Consultation Cancelled', cancelledMessage(cancelled), 'success');
      onClose();
    } catch (error) {
      showToast('Error', messageOf(error, 'Failed to cancel consultation'), 'destructive');
    }
  };
  const outcome = consultation && hours ? cancellationOutcome(consultation, hours) : null;
  return (
    <Dialog
      open={consultation !== null}
      title="Cancel Consultation?"
      description={
        consultation
          ? `Your consultation with ${doctorLabel(consultation.doctorName)} on ${formatDay(consultation.appointmentDate)} at ${formatTime(consultation.appointmentDate)} will be cancelled.`
          : undefined
      }
      onClose={onClose}
    >
      <Stack $gap="14px">
        <FeeTermsNote text={outcome} tone={consultation?.cancellation?.keptAmount ? 'warning' : 'info'} />
        <DialogActions>
          <Button $variant="secondary" onClick={onClose} disabled={cancel.isPending}>
            Keep Consultation
          </Button>
          <Button $variant="danger" onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel Consultation'}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
