import type { Participant } from './socket-events';

/** One key per person in a call: the role for the patient and the doctor, the guest's id for a guest (two guests share the role). */
export function participantKey(participant: Pick<Participant, 'role' | 'guestId'>): string {
  return participant.guestId ? `guest:${participant.guestId}` : participant.role;
}
