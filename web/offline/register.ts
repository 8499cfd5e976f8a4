import { OUTBOX_SYNC_TAG } from './outbox';

/** Spec section 8: when a new app version is found, a confirmation asks whether to refresh. */
function offerUpdate(worker: ServiceWorker): void {
  if (!window.confirm('A new version of MediVault is available. Refresh now?')) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

function watchForUpdates(registration: ServiceWorkerRegistration): void {
  // A version found on an earlier visit and still waiting.
  if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) offerUpdate(worker);
    });
  });
}

/** Registers /sw.js (spec section 2), which keeps the app shell for offline use. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js')
      .then(watchForUpdates)
      .catch((error) => console.error('Service worker registration failed', error));
  // After the page's load, so the worker's precache does not compete with it; at once if that is past.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

interface SyncManager {
  register(tag: string): Promise<void>;
}

/**
 * Asks for a Background Sync by tag, so the worker replays queued changes when the network returns even
 * if the page is closed by then. Browsers without it rely on the page's 'online' replay; failures are
 * only logged (spec section 8).
 */
export async function requestBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const sync = (registration as (ServiceWorkerRegistration & { sync?: SyncManager }) | undefined)?.sync;
  await sync?.register(OUTBOX_SYNC_TAG).catch((error) => console.warn('Background sync unavailable', error));
}
