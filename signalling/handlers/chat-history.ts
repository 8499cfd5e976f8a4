import { chatHistorySchema } from '../../common/schemas/chat';
import { recordSocketAudit } from '../audit';
import { loadMembership } from '../rooms/membership';
import { defineHandler } from './define';

/**
 * Earlier chat lines, a page at a time, for either side of the consultation whether or not it still
 * runs (its history stays readable). The membership is read fresh, as at join; the read is audited.
 */
export const chatHistoryHandler = defineHandler({
  event: 'chat:history',
  schema: chatHistorySchema,
  access: 'session',
  rate: 'chat',
  async handle(ctx, { consultationId, before, limit }) {
    const membership = await loadMembership(consultationId, ctx.socket.data);
    const [page] = await Promise.all([
      ctx.chat.page(consultationId, membership.names, { before, limit }),
      recordSocketAudit(ctx.socket, { action: 'consultation.chat_history', outcome: 'success', consultationId, patientId: membership.patientId }),
    ]);
    return page;
  },
});
