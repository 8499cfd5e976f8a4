import { useEffect, type DependencyList } from 'react';
import { openSignallingSocket, request, type CallSocket, type DataOf, type PayloadOf, type RequestEvent } from '../call/signalling-client';

interface Connection {
  socket: CallSocket;
  users: number;
}

/**
 * The tab's one realtime connection, shared by every signed-in screen that listens for pushes. It is
 * opened by the first screen that needs it and closed after the last one lets go, so while the call
 * screen (which holds a socket of its own) is open the tab still has a single connection.
 */
let current: Connection | null = null;

/** A share in the connection; one the server closed (its session ended) is replaced by a new one. */
function retain(): { socket: CallSocket; release(): void } {
  if (!current?.socket.active) current = { socket: openSignallingSocket(), users: 0 };
  const connection = current;
  connection.users += 1;
  let released = false;
  return {
    socket: connection.socket,
    release() {
      if (released) return;
      released = true;
      connection.users -= 1;
      // Looked at a moment later: a screen that replaces another (or StrictMode's second mount) keeps it.
      setTimeout(() => {
        if (connection.users === 0) close(connection);
      }, 0);
    },
  };
}

function close(connection: Connection): void {
  connection.socket.close();
  if (current === connection) current = null;
}

/** Sign-out: the connection spoke for the session that ended. */
export function closeRealtime(): void {
  if (current) close(current);
}

/**
 * Listens on the tab's realtime connection while the component is mounted: `listen` adds its listeners
 * and answers how to take them off again.
 */
export function useRealtime(listen: (socket: CallSocket) => () => void, deps: DependencyList): void {
  useEffect(() => {
    const { socket, release } = retain();
    const stop = listen(socket);
    return () => {
      stop();
      release();
    };
  }, deps);
}

/** A request over the realtime connection, which stays open at least until it is answered. */
export async function realtimeRequest<E extends RequestEvent>(event: E, payload: PayloadOf<E>): Promise<DataOf<E>> {
  const { socket, release } = retain();
  try {
    return await request(socket, event, payload);
  } finally {
    release();
  }
}
