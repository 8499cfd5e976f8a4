import { useSyncExternalStore } from 'react';

/**
 * Whether the app is working from the device vault: the browser says it is offline, or the last request
 * got no answer. A request that gets any answer from the server clears it.
 */
let unreachable = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function reachedServer(): void {
  if (!unreachable) return;
  unreachable = false;
  notify();
}

export function lostServer(): void {
  if (unreachable) return;
  unreachable = true;
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const isOffline = () => unreachable || !navigator.onLine;

export const useIsOffline = () => useSyncExternalStore(subscribe, isOffline);

/** What a screen that could not load its data tells the patient to do (beside its Try Again): wait for the connection, or try again. */
export function useRetryHint(): string {
  return useIsOffline() ? 'You are offline. Try again once you are back online.' : 'Please try again in a moment.';
}
