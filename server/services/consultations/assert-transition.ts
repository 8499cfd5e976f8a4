import { CONSULTATION_STATUS_LABELS, type ConsultationStatus } from '../../../common/constants';
import { consultationMachine } from '../../../common/consultation-status';
import { Conflict } from '../../errors';

function describeAllowed(from: ConsultationStatus): string {
  const next = consultationMachine.nextStatuses(from);
  if (next.length === 0) return `A ${CONSULTATION_STATUS_LABELS[from].toLowerCase()} consultation cannot change any more.`;
  return `From ${CONSULTATION_STATUS_LABELS[from]} it can only move to ${next.map((s) => CONSULTATION_STATUS_LABELS[s]).join(' or ')}.`;
}

/** Throws a 409 naming the current status and what it could move to instead (common/consultation-status has the table). */
export function assertTransition(from: ConsultationStatus, to: ConsultationStatus): void {
  if (consultationMachine.canTransition(from, to)) return;
  throw new Conflict(
    `This consultation is ${CONSULTATION_STATUS_LABELS[from]} and cannot be moved to ${CONSULTATION_STATUS_LABELS[to]}. ${describeAllowed(from)}`,
    { status: `Cannot move from ${CONSULTATION_STATUS_LABELS[from]} to ${CONSULTATION_STATUS_LABELS[to]}` },
  );
}
