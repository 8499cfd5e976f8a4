import { CONSULTATION_STATUS_LABELS, type ConsultationStatus } from '../../../common/constants';
import { Conflict } from '../../errors';

/** The only moves a consultation may make; completed and cancelled are final. */
const NEXT: Record<ConsultationStatus, readonly ConsultationStatus[]> = {
  scheduled: ['in_progress', 'cancelled'],
  in_progress: ['completed'],
  completed: [],
  cancelled: [],
};

export function canTransition(from: ConsultationStatus, to: ConsultationStatus): boolean {
  return NEXT[from].includes(to);
}

function describeAllowed(from: ConsultationStatus): string {
  const next = NEXT[from];
  if (next.length === 0) return `A ${CONSULTATION_STATUS_LABELS[from].toLowerCase()} consultation cannot change any more.`;
  return `From ${CONSULTATION_STATUS_LABELS[from]} it can only move to ${next.map((s) => CONSULTATION_STATUS_LABELS[s]).join(' or ')}.`;
}

/** Throws a 409 naming the current status and what it could move to instead. */
export function assertTransition(from: ConsultationStatus, to: ConsultationStatus): void {
  if (canTransition(from, to)) return;
  throw new Conflict(
    `This consultation is ${CONSULTATION_STATUS_LABELS[from]} and cannot be moved to ${CONSULTATION_STATUS_LABELS[to]}. ${describeAllowed(from)}`,
    { status: `Cannot move from ${CONSULTATION_STATUS_LABELS[from]} to ${CONSULTATION_STATUS_LABELS[to]}` },
  );
}
