import { io, type Socket } from 'socket.io-client';
import type { Ack, AckCallback, ClientToServerEvents, ServerToClientEvents } from '../../common/socket-events';

/** A connection to the signalling service: a call screen's, or the realtime one of the other signed-in screens. */
export type CallSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A new signalling connection: same origin, session cookie, reconnecting on its own (0.5 s, backing off to 3 s). */
export function openSignallingSocket(): CallSocket {
  return io({
    path: '/socket.io',
    transports: ['websocket'],
    withCredentials: true,
    reconnectionDelay: 500,
    reconnectionDelayMax: 3000,
  });
}

/** A request the server refused (`ok: false`), with its code. */
export class SignallingRequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SignallingRequestError';
  }
}

/** Every client event is a request with an ack. */
export type RequestEvent = keyof ClientToServerEvents;
export type PayloadOf<E extends RequestEvent> = Parameters<ClientToServerEvents[E]>[0];
export type DataOf<E extends RequestEvent> = Parameters<ClientToServerEvents[E]>[1] extends AckCallback<infer T> ? T : never;

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Sends a request and resolves with the ack's data; rejects on `ok: false`, when no answer comes, and at
 * once while disconnected (Socket.IO would buffer it and send it stale after the reconnect).
 */
export async function request<E extends RequestEvent>(socket: CallSocket, event: E, payload: PayloadOf<E>): Promise<DataOf<E>> {
  if (!socket.connected) throw new SignallingRequestError('not_connected', 'Not connected to the consultation. Please wait a moment and try again.');
  const loose = socket as unknown as Socket;
  const answer = (await loose.timeout(REQUEST_TIMEOUT_MS).emitWithAck(event, payload)) as Ack<DataOf<E>>;
  if (!answer.ok) throw new SignallingRequestError(answer.error.code, answer.error.message);
  return answer.data;
}
