import type { ConsultationStatus } from '../../../common/constants';

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
