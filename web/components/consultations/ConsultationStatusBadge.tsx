import { CONSULTATION_STATUS_LABELS, type ConsultationStatus } from '../../../common/constants';
import { Badge, type BadgeTone } from '../ui';

const TONES: Record<ConsultationStatus, BadgeTone> = {
  scheduled: 'info',
  in_progress: 'warning',
  completed: 'success',
  cancelled: 'neutral',
};

/** The status as a badge; data-status carries the raw value ('completed') for tests and styling. */
export function ConsultationStatusBadge({ status, testId }: { status: ConsultationStatus; testId?: string }) {
  return (
    <Badge $tone={TONES[status]} data-status={status} data-testid={testId}>
      {CONSULTATION_STATUS_LABELS[status]}
    </Badge>
  );
}
