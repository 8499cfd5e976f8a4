import type { Participant } from '../../common/socket-events';
import { participantKey } from '../../common/participants';

/** How long someone whose connection dropped is shown as reconnecting before they count as gone. */
const RECONNECT_GRACE_MS = 60_000;

/**
 * The same for a connection closed as 'going away' (signalling/going-away.ts): mostly a page the browser
 * tore down, but a proxy reloading (Caddy) closes every socket that way too, and those clients are back
 * within Socket.IO's back-off (0.5-3 s), keeping their place in the doctor's queue.
 */
export const GOING_AWAY_GRACE_MS = 5_000;

interface Held {
  participant: Participant;
  /** When they first came into the room: their return keeps it. */
  joinedAt?: string;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * People whose socket dropped without leaving (network lost, a phone switching networks), per
 * consultation, kept by the process that held the socket. The other side sees them as reconnecting,
 * not gone, until they join again or the grace runs out.
 */
export class ReconnectingParticipants {
  /** Per consultation, by participantKey. */
  private readonly held = new Map<string, Map<string, Held>>();

  constructor(private readonly graceMs = RECONNECT_GRACE_MS) {}

  hold(consultationId: string, participant: Participant, onExpire: () => void, joinedAt?: string, graceMs = this.graceMs): void {
    const key = participantKey(participant);
    this.release(consultationId, key);
    const room = this.held.get(consultationId) ?? new Map<string, Held>();
    this.held.set(consultationId, room);
    const timer = setTimeout(() => {
      this.release(consultationId, key);
      onExpire();
    }, graceMs);
    timer.unref();
    room.set(key, { participant: { ...participant, reconnecting: true }, joinedAt, timer });
  }

  /** Forgets the one held under the key (participantKey); answers when they had first come into the room, if held. */
  release(consultationId: string, key: string): string | undefined {
    const room = this.held.get(consultationId);
    const held = room?.get(key);
    if (!room || !held) return undefined;
    clearTimeout(held.timer);
    room.delete(key);
    if (!room.size) this.held.delete(consultationId);
    return held.joinedAt;
  }

  joinedAt(consultationId: string, key: string): string | undefined {
    return this.held.get(consultationId)?.get(key)?.joinedAt;
  }

  list(consultationId: string): Participant[] {
    return [...(this.held.get(consultationId)?.values() ?? [])].map((held) => held.participant);
  }

  close(): void {
    for (const room of this.held.values()) for (const held of room.values()) clearTimeout(held.timer);
    this.held.clear();
  }
}
