import type { Consultation } from '../../../common/api-types';
import { doctorLabel } from '../../../common/names';
import { useCancelConsultation } from '../../api/consultations';
import { Button, Dialog } from '../../components/ui';
import { showToast } from '../../components/toast';
import { DialogActions } from '../../components/consultations/DialogActions';
import { messageOf } from '../../api/auth';
import { formatDay, formatTime } from '../../components/consultations/format';

export function CancelConsultationDialog({ consultation, onClose }: { consultation: Consultation | null; onClose: () => void }) {
  const cancel = useCancelConsultation();
  const confirm = async () => {
    if (!consultation) return;
    try {
      await cancel.mutateAsync(consultation.id);
      showToast('Consultation Cancelled', 'Your consultation has been cancelled.', 'success');
      onClose();
    } catch (error) {
      showToast('Error', messageOf(error, 'Failed to cancel consultation'), 'destructive');
    }
  };
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
      <DialogActions>
        <Button $variant="secondary" onClick={onClose} disabled={cancel.isPending}>
          Keep Consultation
        </Button>
        <Button $variant="danger" onClick={confirm} disabled={cancel.isPending}>
          {cancel.isPending ? 'Cancelling...' : 'Cancel Consultation'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
