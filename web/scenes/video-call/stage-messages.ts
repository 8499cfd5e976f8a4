/** What the call says when something stands between the two sides, and what the person can do about it. */

/** Our own network or socket is down: the call waits for us, not for the other side. */
export const OFFLINE_MESSAGE = { title: 'You are offline - reconnecting', hint: 'The call picks up again by itself as soon as your connection is back.' };

/** Both sides are here, yet audio and video have not connected for a while (a network that blocks calls). */
export const MEDIA_STALLED_MESSAGE = {
  title: 'Audio and video could not connect',
  hint: 'A network between you may be blocking calls. The call keeps trying; meanwhile the chat works.',
};

/** The clinic unverified or deactivated the patient's doctor mid-consultation. */
export function doctorWithdrawnMessage(doctorName: string): { title: string; hint: string } {
  return {
    title: `${doctorName} can no longer take this consultation`,
    hint: 'The clinic has withdrawn their access. Leave the call, then book another doctor from Telemedicine or contact the clinic about this booking.',
  };
}

/** Who is in a chat-only consultation, which has no stage to show it. */
export function chatPresenceLine(other: { name: string; here: boolean; reconnecting: boolean; wasHere: boolean }, offline: boolean): string {
  if (offline) return OFFLINE_MESSAGE.title;
  if (other.reconnecting) return `${other.name} is reconnecting...`;
  if (other.here) return `${other.name} is here`;
  return other.wasHere ? `${other.name} left the consultation` : `Waiting for ${other.name}`;
}
