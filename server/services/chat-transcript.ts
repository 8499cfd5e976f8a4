import { ChatMessage } from '../../db/models';
import type { ChatHistoryResult, ChatMessage as ChatLine, ParticipantRole } from '../../common/socket-events';
import { iso } from '../lib/dates';

function presentChatLine(row: ChatMessage, senderName: string): ChatLine {
  return {
    id: row.id,
    consultationId: row.consultationId,
    sender: row.senderRole,
    senderName,
    text: row.text,
    createdAt: iso(row.createdAt)!,
  };
}

/**
 * One page of a consultation's chat: up to `limit` lines just before the line `before` (the latest lines
 * without it), oldest first, and whether older lines exist. Lines are ordered by (created_at, id), so a
 * page boundary never skips or repeats a line; a `before` from another consultation finds nothing. The
 * call's 'chat:history' and the REST transcript both read it; callers have checked who may.
 */
export async function chatPage(consultationId: string, names: Record<ParticipantRole, string>, { before, limit }: { before?: string; limit: number }): Promise<ChatHistoryResult> {
  const query = ChatMessage.query()
    .where({ consultationId })
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit + 1);
  if (before) query.whereRaw('(created_at, id) < (select created_at, id from chat_messages where id = ? and consultation_id = ?)', [before, consultationId]);
  const rows = await query;
  return { messages: rows.slice(0, limit).reverse().map((row) => presentChatLine(row, names[row.senderRole])), hasMore: rows.length > limit };
}
