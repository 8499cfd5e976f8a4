import type { SignallingSocket } from '../types';

/**
 * Joins still being answered, per socket and consultation. A join through the SFU hands its prepared media
 * to the client ahead of its answer ('sfu:prepared') while its audit row is still being stored, before the
 * socket enters the room: the gate lets the client connect those links meanwhile, and holds its room
 * requests in that consultation (resuming a consumer among them) until the join has settled, so no media
 * flows before the join is on record, and a join that failed has released its media by then.
 */
const underway = new WeakMap<SignallingSocket, Map<string, Promise<void>>>();

/** Marks the socket's join of the consultation as under way; the function returned settles it. */
export function beginJoin(socket: SignallingSocket, consultationId: string): () => void {
  let settle!: () => void;
  const settled = new Promise<void>((resolve) => (settle = resolve));
  let joins = underway.get(socket);
  if (!joins) underway.set(socket, (joins = new Map()));
  joins.set(consultationId, settled);
  return () => {
    if (joins.get(consultationId) === settled) joins.delete(consultationId);
    settle();
  };
}

/** Resolves once the socket's join of the consultation under way (if any) has settled. */
export async function joinSettled(socket: SignallingSocket, consultationId: string): Promise<void> {
  await underway.get(socket)?.get(consultationId);
}

/** The socket's join of the consultation is being answered. */
export function joinUnderway(socket: SignallingSocket, consultationId: string): boolean {
  return underway.get(socket)?.has(consultationId) ?? false;
}
