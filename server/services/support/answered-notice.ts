import { SupportRequest } from '../../../db/models';
import type { Delivery } from '../reminders/kinds';

/** The bell's note (and push) that support answered a request: one per request, at the time of the answer. */
export async function supportAnsweredDelivery(requestId: string): Promise<Delivery | null> {
  const request = await SupportRequest.query().findById(requestId);
  if (!request?.answeredAt) return null;
  return {
    userId: request.userId,
    type: 'support_answered',
    subjectId: request.id,
    scheduledFor: new Date(request.answeredAt),
    title: 'Support answered your request',
    message: `Our support team answered "${request.subject}". Open Support to read it.`,
    url: '/support',
  };
}
