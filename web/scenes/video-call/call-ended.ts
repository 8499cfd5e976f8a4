import type { ConsultationStatus } from '../../../common/constants';
import { CONSULTATION_ENDED_MESSAGE, canJoinConsultation } from '../../../common/consultation-status';

/**
 * Why the call is over, as the screen says it: only a consultation really completed says so (the spec's
 * 'The consultation has been completed'); one cancelled says that; anything else means this side left
 * (End call) while the consultation itself goes on.
 */
export function callEndedMessage(reason: 'left' | ConsultationStatus): string {
  if (reason === 'completed') return 'The consultation has been completed';
  if (reason === 'cancelled') return 'The consultation has been cancelled';
  return 'You left the call';
}

/** What the chat says in place of its message box once the call is over for this side. */
export function chatClosedNotice(status: ConsultationStatus): string {
  return canJoinConsultation(status) ? 'You left the call; the consultation is still open. Join it again to keep chatting.' : CONSULTATION_ENDED_MESSAGE;
}
