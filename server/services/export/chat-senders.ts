import { chatSenderLabel } from '../../../common/names';
import type { ChatMessage, Consultation } from '../../../db/models';

/** A guest's line: the name the guest gave, marked as a guest. Load the consultation's `guests` relation. */
export function guestSenderName(line: ChatMessage, consultation: Consultation): string {
  const guest = consultation.guests?.find((candidate) => candidate.id === line.senderId);
  return chatSenderLabel('guest', guest?.name ?? 'Guest');
}

/** Who wrote a chat line, as the exports name them. Load the consultation's `doctor` and `guests` relations. */
export function chatSenderName(line: ChatMessage, consultation: Consultation, patientName: string): string {
  if (line.senderRole === 'guest') return guestSenderName(line, consultation);
  return line.senderRole === 'doctor' ? chatSenderLabel('doctor', consultation.doctor!.name) : patientName;
}
