import styled from 'styled-components';
import { Button } from '../ui';

/** The Cancel / confirm row at the foot of a dialog; on a phone, buttons whose labels do not fit side by side stack. */
export const DialogActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 10px;
  margin-top: 8px;
  & > * { flex: 1 1 0; min-width: fit-content; }
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    & > * { flex: none; }
  }
`;

interface FormActionsProps {
  pending: boolean;
  submitLabel: string;
  /** The submit label while the request runs, e.g. 'Booking...'. */
  pendingLabel: string;
  onCancel: () => void;
  cancelLabel?: string;
}

/** A dialog form's Cancel and submit buttons, both disabled while it submits. */
export function DialogFormActions({ pending, submitLabel, pendingLabel, onCancel, cancelLabel = 'Cancel' }: FormActionsProps) {
  return (
    <DialogActions>
      <Button $variant="secondary" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogActions>
  );
}
