import type { ChatMessage } from '../../../common/socket-events';
import { writerKey } from '../../../common/participants';

/** When the newest line someone else wrote was sent (server time), or null when there is none. `self`: our participantKey. */
export function newestFromOthers(messages: readonly ChatMessage[], self: string | null): string | null {
  for (let i = messages.length - 1; i >= 0; i--) if (writerKey(messages[i]!) !== self) return messages[i]!.createdAt;
  return null;
}

/**
 * Lines others wrote after `seenUpTo` (the newest line the user had in front of them: the chat open, or the
 * history the call opened with). Earlier history paged in later is older, so it is never counted.
 */
export function unreadCount(messages: readonly ChatMessage[], self: string | null, seenUpTo: string | null): number {
  return messages.filter((m) => writerKey(m) !== self && (seenUpTo === null || m.createdAt > seenUpTo)).length;
}
