import { useEffect, type DependencyList } from 'react';
import type { CallSocket, DataOf, PayloadOf, RequestEvent } from '../call/signalling-client';

type SignallingClient = typeof import('../call/signalling-client');

/** Socket.IO's client is fetched the first time a screen listens, so pages that never do (sign-in) go without it. */
let loaded: SignallingClient | null = null;
const signallingClient = async (): Promise<SignallingClient> => (loaded ??= await import('../call/signalling-client'));

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
function retain({ openSignallingSocket }: SignallingClient): { socket: CallSocket; release(): void } {
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
    let unmounted = false;
    let stop = () => {};
    let release = () => {};
    const start = (client: SignallingClient) => {
      if (unmounted) return;
      const share = retain(client);
      release = share.release;
      stop = listen(share.socket);
    };
    // Synchronously once loaded: a screen that replaces another takes over its share before it is let go.
    if (loaded) start(loaded);
    else void signallingClient().then(start);
    return () => {
      unmounted = true;
      stop();
      release();
    };
  }, deps);
}

/** A request over the realtime connection, which stays open at least until it is answered. */
export async function realtimeRequest<E extends RequestEvent>(event: E, payload: PayloadOf<E>): Promise<DataOf<E>> {
  const client = await signallingClient();
  const { socket, release } = retain(client);
  const { request } = client;
  try {
    return await request(socket, event, payload);
  } finally {
    release();
  }
}
