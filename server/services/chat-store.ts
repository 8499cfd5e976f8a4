import { randomUUID } from 'node:crypto';
import { ChatMessage } from '../../db/models';
import type { ChatHistoryResult, ChatMessage as ChatLine, ParticipantRole } from '../../common/socket-events';
import { chatPage, type ChatNames, type ChatPaging } from './chat-transcript';
import { Batcher } from '../lib/batcher';
import { auditRowsInsert, type AuditRow } from './audit';

/** The audit action of a chat line. */
export const CHAT_LINE_ACTION = 'consultation.chat_message';

interface ChatRow {
  id: string;
  consultationId: string;
  senderRole: ParticipantRole;
  senderId: string;
  senderName: string;
  /** Whose Access history shows the line (as an event, never its words). */
  patientId: string | null;
  ip: string | null;
  text: string;
  /** Microsecond ISO timestamp (PostgreSQL's precision). */
  createdAt: string;
}

let lastMicros = 0;
let lastMillis = -1;
let lastMillisIso = '';
/**
 * Strictly increasing timestamps with microseconds (PostgreSQL's precision), so lines saved in one
 * batch keep their sending order in the history. The millisecond part is formatted once per
 * millisecond: a busy chat saves many lines in each.
 */
function nextTimestamp(): string {
  const micros = Math.max(Date.now() * 1000, lastMicros + 1);
  lastMicros = micros;
  const millis = Math.floor(micros / 1000);
  if (millis !== lastMillis) {
    lastMillis = millis;
    lastMillisIso = new Date(millis).toISOString().slice(0, 23);
  }
  return `${lastMillisIso}${String(micros % 1000).padStart(3, '0')}Z`;
}

/**
 * One statement for any batch, lines and their audit rows together: both commit or neither, and the
 * audit costs no round trip of its own. The lines travel as one JSON parameter, so the work per line on
 * this side is a JSON.stringify. Ids and timestamps are made here, so nothing needs to come back.
 */
const INSERT_LINES = `insert into chat_messages (id, consultation_id, sender_role, sender_id, text, created_at)
  select id, "consultationId", "senderRole", "senderId", text, "createdAt"
  from json_to_recordset(?::json) as line(id uuid, "consultationId" uuid, "senderRole" text, "senderId" uuid, text text, "createdAt" timestamptz)`;

/** A line's audit row: who wrote in which consultation, never the words. */
const auditRowOf = (row: ChatRow): AuditRow => ({
  actorKind: row.senderRole,
  actorId: row.senderId,
  actorName: row.senderName,
  action: CHAT_LINE_ACTION,
  resourceType: 'consultation',
  resourceId: row.consultationId,
  patientId: row.patientId,
  outcome: 'success',
  ip: row.ip,
  requestId: null,
});

async function insertLines(rows: ChatRow[]): Promise<void[]> {
  const knex = ChatMessage.knex();
  await knex.raw('with saved as (?) ?', [knex.raw(INSERT_LINES, [JSON.stringify(rows)]), auditRowsInsert(knex, rows.map(auditRowOf))]);
  return rows.map(() => undefined);
}

/** Chat lines in PostgreSQL: saved with group commit, read back a page at a time. */
export class ChatStore {
  /** Group commit: lines arriving while an insert is in flight share the next insert and commit. */
  private readonly writer = new Batcher<ChatRow, void>(insertLines);

  async save(line: { consultationId: string; sender: ParticipantRole; senderId: string; senderName: string; patientId: string | null; ip: string | null; text: string }): Promise<ChatLine> {
    const createdAt = nextTimestamp();
    const row: ChatRow = {
      id: randomUUID(),
      consultationId: line.consultationId,
      senderRole: line.sender,
      senderId: line.senderId,
      senderName: line.senderName,
      patientId: line.patientId,
      ip: line.ip,
      text: line.text,
      createdAt,
    };
    await this.writer.submit(row);
    // The API shows milliseconds, as it does for rows read back from the database.
    return {
      id: row.id,
      consultationId: row.consultationId,
      sender: row.senderRole,
      ...(row.senderRole === 'guest' && { guestId: row.senderId }),
      senderName: row.senderName,
      text: row.text,
      createdAt: `${createdAt.slice(0, 23)}Z`,
    };
  }

  /** One page of a consultation's history (see chatPage). */
  page(consultationId: string, names: ChatNames, paging: ChatPaging): Promise<ChatHistoryResult> {
    return chatPage(consultationId, names, paging);
  }
}
