import { useState } from 'react';
import { DialogActions } from '../consultations/DialogActions';
import { Button, Dialog } from '../ui';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description?: string;
  keepLabel: string;
  confirmLabel: string;
  pendingLabel: string;
  /** Resolves when done; the dialog stays open (and re-enabled) if it throws. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** A destructive action asked once more: keep, or go ahead (danger button). */
export function ConfirmDialog({ open, title, description, keepLabel, confirmLabel, pendingLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // The caller has already told the user what went wrong.
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open={open} title={title} description={description} onClose={onClose}>
      <DialogActions>
        <Button $variant="secondary" onClick={onClose} disabled={pending}>
          {keepLabel}
        </Button>
        <Button $variant="danger" onClick={() => void confirm()} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
