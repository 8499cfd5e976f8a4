import { ChatMessage } from '../../db/models';
import type { ChatMessage as ChatLine, ParticipantRole } from '../../common/socket-events';
import { iso } from '../../server/presenters/dates';

interface PendingLine {
  row: { consultationId: string; senderRole: ParticipantRole; senderId: string; text: string; createdAt: string };
  senderName: string;
  resolve: (line: ChatLine) => void;
  reject: (err: unknown) => void;
}

let lastMicros = 0;
/**
 * Strictly increasing timestamps with microseconds (PostgreSQL's precision), so lines saved in one
 * batch keep their sending order in the history.
 */
function nextTimestamp(): string {
  const micros = Math.max(Date.now() * 1000, lastMicros + 1);
  lastMicros = micros;
  const date = new Date(Math.floor(micros / 1000)).toISOString();
  return `${date.slice(0, 23)}${String(micros % 1000).padStart(3, '0')}Z`;
}

export function presentChatLine(row: ChatMessage, senderName: string): ChatLine {
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
 * Saves chat lines with group commit: lines that arrive while an insert is in flight go out together
 * in the next multi-row insert, so a busy server spends one round trip on many lines. Each caller's
 * promise settles once its own line is stored.
 */
export class ChatStore {
  private queue: PendingLine[] = [];
  private flushing = false;

  save(line: { consultationId: string; sender: ParticipantRole; senderId: string; senderName: string; text: string }): Promise<ChatLine> {
    return new Promise((resolve, reject) => {
      this.queue.push({
        row: { consultationId: line.consultationId, senderRole: line.sender, senderId: line.senderId, text: line.text, createdAt: nextTimestamp() },
        senderName: line.senderName,
        resolve,
        reject,
      });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    while (this.queue.length) {
      const batch = this.queue.splice(0, 500);
      try {
        const rows = await this.insert(batch);
        rows.forEach((row, i) => batch[i]!.resolve(presentChatLine(row, batch[i]!.senderName)));
      } catch (err) {
        if (batch.length === 1) batch[0]!.reject(err);
        // One bad line (its consultation just deleted) must not sink the others: retry one by one.
        else await Promise.all(batch.map((p) => this.insert([p]).then(([row]) => p.resolve(presentChatLine(row!, p.senderName)), p.reject)));
      }
    }
    this.flushing = false;
  }

  /** Plain knex (no model instances): this is the hot path of every chat line. */
  private async insert(batch: PendingLine[]): Promise<ChatMessage[]> {
    return ChatMessage.knex()('chat_messages')
      .insert(batch.map((p) => p.row))
      .returning(['id', 'consultationId', 'senderRole', 'text', 'createdAt']);
  }

  /** Chat history of one consultation, oldest first. */
  async history(consultationId: string, names: Record<ParticipantRole, string>): Promise<ChatLine[]> {
    const rows = await ChatMessage.query().where({ consultationId }).orderBy([{ column: 'createdAt' }, { column: 'id' }]);
    return rows.map((row) => presentChatLine(row, names[row.senderRole]));
  }
}
