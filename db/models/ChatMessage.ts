import { Model } from 'objection';
import type { ChatSenderRole } from './types';

/** A chat line in a consultation; `senderId` is a users.id, a doctors.id or a consultation_guests.id depending on `senderRole`. */
export class ChatMessage extends Model {
  static tableName = 'chat_messages';

  declare id: string;
  declare consultationId: string;
  declare senderRole: ChatSenderRole;
  declare senderId: string;
  /** 1 to 2000 characters. */
  declare text: string;
  declare createdAt: Date;
}
