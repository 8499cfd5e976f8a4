import type { ChatMessage, Participant } from './socket-events';

/** One key per person in a call: the role for the patient and the doctor, the guest's id for a guest (two guests share the role). */
export function participantKey(participant: Pick<Participant, 'role' | 'guestId'>): string {
  return participant.guestId ? `guest:${participant.guestId}` : participant.role;
}

/** Who wrote a chat line, as a participantKey. */
export const writerKey = (message: Pick<ChatMessage, 'sender' | 'guestId'>): string => participantKey({ role: message.sender, guestId: message.guestId });
