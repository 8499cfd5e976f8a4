import { ChatMessage, ConsultationGuest } from '../../db/models';
import type { ChatHistoryResult, ChatMessage as ChatLine } from '../../common/socket-events';
import { iso } from '../lib/dates';

/** The display names of a consultation's two sides; guests' names come from their rows. */
export interface ChatNames {
  patient: string;
  doctor: string;
}

export interface ChatPaging {
  before?: string;
  limit: number;
  /** Only lines written from then on: a guest reads the chat from their admission, never what was said before. */
  since?: Date;
}

function presentChatLine(row: ChatMessage, senderName: string): ChatLine {
  return {
    id: row.id,
    consultationId: row.consultationId,
    sender: row.senderRole,
    ...(row.senderRole === 'guest' && { guestId: row.senderId }),
    senderName,
    text: row.text,
    createdAt: iso(row.createdAt)!,
  };
}

/** Every name the page's lines need: the sides', and those of the guests who wrote on it. */
async function namesOf(rows: ChatMessage[], names: ChatNames): Promise<(row: ChatMessage) => string> {
  const guestIds = [...new Set(rows.filter((row) => row.senderRole === 'guest').map((row) => row.senderId))];
  const guests = guestIds.length ? await ConsultationGuest.query().whereIn('id', guestIds).select('id', 'name') : [];
  const guestNames = new Map(guests.map((guest) => [guest.id, guest.name ?? 'Guest']));
  return (row) => (row.senderRole === 'guest' ? (guestNames.get(row.senderId) ?? 'Guest') : names[row.senderRole]);
}

/**
 * One page of a consultation's chat: up to `limit` lines just before the line `before` (the latest lines
 * without it), oldest first, and whether older lines exist. Lines are ordered by (created_at, id), so a
 * page boundary never skips or repeats a line; a `before` from another consultation finds nothing. The
 * call's 'chat:history' and the REST transcript both read it; callers have checked who may.
 */
export async function chatPage(consultationId: string, names: ChatNames, { before, limit, since }: ChatPaging): Promise<ChatHistoryResult> {
  const query = ChatMessage.query()
    .where({ consultationId })
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit + 1);
  if (before) query.whereRaw('(created_at, id) < (select created_at, id from chat_messages where id = ? and consultation_id = ?)', [before, consultationId]);
  if (since) query.where('createdAt', '>=', since);
  const rows = await query;
  const page = rows.slice(0, limit).reverse();
  const nameOf = await namesOf(page, names);
  return { messages: page.map((row) => presentChatLine(row, nameOf(row))), hasMore: rows.length > limit };
}
