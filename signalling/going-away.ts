import type { SignallingSocket } from './types';

/** RFC 6455's 'going away': what a browser sends as it drops a page (a tab closed, or navigated elsewhere). */
const GOING_AWAY = 1001;

interface ClosingWebSocket {
  prependOnceListener(event: 'close', listener: (code: number) => void): unknown;
}

/** The `ws` socket under engine.io's WebSocket transport; none under long-polling. */
function webSocketOf(transport: unknown): ClosingWebSocket | null {
  const ws = (transport as { socket?: Partial<ClosingWebSocket> } | undefined)?.socket;
  return typeof ws?.prependOnceListener === 'function' ? (ws as ClosingWebSocket) : null;
}

/**
 * Whether this connection was closed as 'going away'. A page says it leaves on 'pagehide'
 * (web/call/CallClient.ts), but a browser short of time may tear a page down without running it: then
 * only the close frame's code tells a closed tab (1001) from a network that dropped (no close frame, or
 * the client's own close on going offline, which has no code). A proxy reloading sends 1001 too, so it
 * shortens the reconnecting grace rather than counting as leaving (rooms/reconnecting.ts). Read before
 * engine.io's own listener reports the close, so the answer is there when Socket.IO's 'disconnect' fires.
 */
export function watchGoingAway(socket: SignallingSocket): () => boolean {
  let goingAway = false;
  const watch = () =>
    webSocketOf(socket.conn.transport)?.prependOnceListener('close', (code) => {
      goingAway = code === GOING_AWAY;
    });
  watch();
  socket.conn.on('upgrade', watch);
  return () => goingAway;
}
