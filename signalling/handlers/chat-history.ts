import { chatHistorySchema } from '../../common/schemas/chat';
import { recordSocketAudit } from '../audit';
import { inLobby } from '../errors';
import { loadMembership } from '../rooms/membership';
import { defineHandler } from './define';

/**
 * Earlier chat lines, a page at a time, for either side of the consultation whether or not it still
 * runs (its history stays readable), and for an admitted guest from their admission on. The membership is read fresh, as at join; the read is audited.
 */
export const chatHistoryHandler = defineHandler({
  event: 'chat:history',
  schema: chatHistorySchema,
  access: 'session',
  rate: 'chat',
  async handle(ctx, { consultationId, before, limit }) {
    const membership = await loadMembership(consultationId, ctx.socket.data);
    // A guest reads nothing before the doctor lets them in, and then only what was said since.
    if (membership.guest && !membership.guest.admittedAt) throw inLobby();
    const [page] = await Promise.all([
      ctx.chat.page(consultationId, membership.names, { before, limit, since: membership.guest?.admittedAt ?? undefined }),
      recordSocketAudit(ctx.socket, { action: 'consultation.chat_history', outcome: 'success', consultationId, patientId: membership.patientId }),
    ]);
    return page;
  },
});
