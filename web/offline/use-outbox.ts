import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { showToast } from '../components/toast';
import { dropChange, OUTBOX_CHANNEL, queuedChanges, replayOutbox, type QueuedChange } from './outbox';
import { syncVault } from './use-vault-sync';

/** While changes wait and the browser thinks it is online (a server out of reach), try again this often. */
const RETRY_MS = 30_000;

/** What still waits to be sent, for every screen that shows it (the layout's banner, the lists). */
let waitingNow: QueuedChange[] = [];
const listeners = new Set<() => void>();
function setWaiting(changes: QueuedChange[]): void {
  waitingNow = changes;
  listeners.forEach((listener) => listener());
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const useWaitingChanges = () => useSyncExternalStore(subscribe, () => waitingNow);

/** Changes the server refused are said once, together (one toast at a time), then dropped. */
async function reportRefusals(changes: QueuedChange[]): Promise<void> {
  const refused = changes.filter((c) => c.refusal);
  if (!refused.length) return;
  showToast('Change not saved', refused.map((c) => `${c.label}: ${c.refusal}`).join(' '), 'destructive');
  await Promise.all(refused.map((c) => dropChange(c.id)));
}

/**
 * Runs the queue of offline changes (once, in the patient layout) and answers what still waits (shown
 * as 'Will sync when online'). Changes are sent when the page opens, when the browser comes online and
 * every 30 s while something waits; refusals are shown. The service worker also sends them on
 * Background Sync, even with the page closed.
 */
export function useOutbox(): QueuedChange[] {
  const queryClient = useQueryClient();
  const waiting = useWaitingChanges();
  const waitingBefore = useRef(0);

  /** Fewer changes waiting: sent or refused, here or by the service worker. Either way the server's data shows. */
  const refresh = useCallback(async () => {
    const changes = await queuedChanges().catch(() => []);
    await reportRefusals(changes);
    const still = changes.filter((c) => !c.refusal);
    if (still.length < waitingBefore.current) {
      await queryClient.invalidateQueries();
      void syncVault(queryClient, true);
    }
    waitingBefore.current = still.length;
    setWaiting(still);
  }, [queryClient]);

  const replay = useCallback(async () => {
    if (!navigator.onLine) return;
    await replayOutbox().catch((error) => console.warn('Sending queued changes failed', error));
    await refresh();
  }, [refresh]);

  useEffect(() => {
    void replay();
    const channel = new BroadcastChannel(OUTBOX_CHANNEL);
    channel.onmessage = () => void refresh();
    const online = () => void replay();
    window.addEventListener('online', online);
    return () => {
      channel.close();
      window.removeEventListener('online', online);
    };
  }, [replay, refresh]);

  useEffect(() => {
    if (!waiting.length) return;
    const timer = window.setInterval(() => void replay(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [waiting.length, replay]);

  return waiting;
}
