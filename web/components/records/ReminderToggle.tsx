import type { Appointment } from '../../../common/api-types';
import { useToggleReminder } from '../../api/records';
import { showToast } from '../toast';
import { isQueued } from '../../offline/send-or-queue';
import { showWillSyncToast } from '../offline/will-sync';
import { Button, Icon } from '../ui';
import { RECORD_ICONS } from './icons';

/** 'Reminder Set' / 'Set Reminder': sends the opposite of the current flag (spec section 4). */
export function ReminderToggle({ appointment }: { appointment: Appointment }) {
  const toggle = useToggleReminder();
  const on = appointment.reminderEnabled;
  const flip = () =>
    toggle.mutate(appointment, {
      onSuccess: (answer) =>
        isQueued(answer) ? showWillSyncToast() : showToast('Reminder Updated', 'Appointment reminder has been updated successfully.', 'success'),
      onError: () => showToast('Error', 'Failed to update reminder. Please try again.', 'destructive'),
    });
  return (
    <Button $variant={on ? 'ghost' : 'secondary'} $size="sm" onClick={flip} disabled={toggle.isPending} aria-pressed={on} data-testid="reminder-toggle">
      <Icon path={RECORD_ICONS.bell} size={16} />
      {on ? 'Reminder Set' : 'Set Reminder'}
    </Button>
  );
}
