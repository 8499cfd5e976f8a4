import { APPOINTMENT_STATUS_LABELS, REPORT_STATUS_LABELS, type AppointmentStatus, type ReportStatus } from '../../../common/constants';
import { isPastAppointment, PAST_APPOINTMENT_LABEL, type AppointmentLike, type MedicationState } from '../../../common/records';
import { Badge, Icon, type BadgeTone } from '../ui';
import { RECORD_ICONS } from './icons';

/** Spec section 4: normal green, review yellow, urgent red with an alert icon, active blue. */
const REPORT_STATUS_TONES: Record<ReportStatus, BadgeTone> = { normal: 'success', review: 'warning', urgent: 'danger', active: 'info' };

export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  return (
    <Badge $tone={REPORT_STATUS_TONES[status]} data-testid="report-status">
      {status === 'urgent' ? <Icon path={RECORD_ICONS.alert} size={13} label="Alert" /> : null}
      {REPORT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Spec section 2: 'Inactive' if not active; 'Expired' (red) if active past its end date; else 'Active'. */
const MEDICATION_STATE_BADGES: Record<MedicationState, [BadgeTone, string]> = {
  active: ['success', 'Active'],
  expired: ['danger', 'Expired'],
  inactive: ['neutral', 'Inactive'],
};

export function MedicationStateBadge({ state }: { state: MedicationState }) {
  const [tone, label] = MEDICATION_STATE_BADGES[state];
  return (
    <Badge $tone={tone} data-testid="medication-state">
      {label}
    </Badge>
  );
}

const APPOINTMENT_STATUS_TONES: Record<AppointmentStatus, BadgeTone> = { scheduled: 'info', confirmed: 'success', completed: 'neutral', cancelled: 'danger' };

/**
 * A visit whose time has gone that the practice never marked completed reads 'Past': the app cannot know it
 * took place, and 'Scheduled' would say it is still to come.
 */
export function AppointmentStatusBadge({ appointment }: { appointment: AppointmentLike }) {
  const { status } = appointment;
  if (status !== 'completed' && isPastAppointment(appointment)) return <Badge $tone="neutral">{PAST_APPOINTMENT_LABEL}</Badge>;
  return <Badge $tone={APPOINTMENT_STATUS_TONES[status]}>{APPOINTMENT_STATUS_LABELS[status]}</Badge>;
}
