import type { ChatMessage, ParticipantRole } from '../../../common/socket-events';

/** When the newest line someone else wrote was sent (server time), or null when there is none. */
export function newestFromOthers(messages: readonly ChatMessage[], myRole: ParticipantRole | null): string | null {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.sender !== myRole) return messages[i]!.createdAt;
  return null;
}

/**
 * Lines others wrote after `seenUpTo` (the newest line the user had in front of them: the chat open, or the
 * history the call opened with). Earlier history paged in later is older, so it is never counted.
 */
export function unreadCount(messages: readonly ChatMessage[], myRole: ParticipantRole | null, seenUpTo: string | null): number {
  return messages.filter((m) => m.sender !== myRole && (seenUpTo === null || m.createdAt > seenUpTo)).length;
}
