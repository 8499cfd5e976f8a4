import { useEffect, type DependencyList } from 'react';
import type { CallSocket, DataOf, PayloadOf, RequestEvent } from '../call/signalling-client';
import { showToast } from '../components/toast';

type SignallingClient = typeof import('../call/signalling-client');

/**
 * Socket.IO's client is fetched the first time a screen listens, so pages that never do (sign-in) go
 * without it. A download that failed is not remembered: the next call asks again.
 */
let loaded: SignallingClient | null = null;
let loading: Promise<SignallingClient> | null = null;
function signallingClient(): Promise<SignallingClient> {
  loading ??= import('../call/signalling-client').then(
    (client) => (loaded = client),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Seconds between attempts to fetch the client after a failure; the last is repeated. */
const RETRY_SECONDS = [1, 2, 4, 8, 15, 30];
/** Failures before the person is told: a brief blip is retried without a word. */
const FAILURES_BEFORE_NOTICE = 3;
let noticeShown = false;

/** Some browsers (Firefox) keep answering a failed module download with the failure until the page reloads. */
function sayLiveUpdatesAreOff(): void {
  if (noticeShown) return;
  noticeShown = true;
  showToast('Live updates are off', 'This page could not load what it needs to show changes as they happen. Reload it to get them back.', 'default', {
    label: 'Reload',
    onClick: () => window.location.reload(),
  });
}

/**
 * Calls `use` with the client once it is fetched, trying again after a failure (at once when the browser
 * comes back online); answers how to stop trying.
 */
function withSignallingClient(use: (client: SignallingClient) => void): () => void {
  let cancelled = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = () => {
    window.removeEventListener('online', attempt);
    clearTimeout(timer);
    signallingClient().then(
      (client) => {
        if (!cancelled) use(client);
      },
      () => {
        if (cancelled) return;
        failures += 1;
        if (failures === FAILURES_BEFORE_NOTICE) sayLiveUpdatesAreOff();
        timer = setTimeout(attempt, RETRY_SECONDS[Math.min(failures, RETRY_SECONDS.length) - 1]! * 1000);
        window.addEventListener('online', attempt);
      },
    );
  };
  attempt();
  return () => {
    cancelled = true;
    clearTimeout(timer);
    window.removeEventListener('online', attempt);
  };
}

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
    let stop = () => {};
    let release = () => {};
    const start = (client: SignallingClient) => {
      const share = retain(client);
      release = share.release;
      stop = listen(share.socket);
    };
    // Synchronously once loaded: a screen that replaces another takes over its share before it is let go.
    let cancelLoad = () => {};
    if (loaded) start(loaded);
    else cancelLoad = withSignallingClient(start);
    return () => {
      cancelLoad();
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
