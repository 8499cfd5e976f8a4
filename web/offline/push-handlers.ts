/**
 * The service worker's push side: a push (ids only, docs/integrations.md 'Push and reminders') becomes a notification
 * with a generic title; a click opens the app on the screen it is about, and a medication reminder's
 * Taken and Skip actions answer the dose straight away (the app opens instead when that fails, e.g. the
 * session ended). Imported by the worker (service-worker.ts); registers its listeners on import.
 */
import { PUSH_BODY, PUSH_TITLE, type DoseMark, type PushPayload } from '../../common/reminders';

interface NotificationLike {
  readonly data: unknown;
  close(): void;
}
interface PushEventLike extends Event {
  readonly data: { json(): unknown } | null;
  waitUntil(work: Promise<unknown>): void;
}
interface NotificationEventLike extends Event {
  readonly action: string;
  readonly notification: NotificationLike;
  waitUntil(work: Promise<unknown>): void;
}
interface WindowClientLike {
  readonly url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
interface PushWorkerScope {
  readonly location: Location;
  readonly registration: { showNotification(title: string, options: NotificationOptions & { actions?: { action: string; title: string }[] }): Promise<void> };
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
}
declare const self: PushWorkerScope;

const DOSE_ACTIONS: Record<DoseMark, string> = { taken: 'Taken', skipped: 'Skip' };

function payloadOf(event: PushEventLike): PushPayload | null {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined;
    return data && typeof data.notificationId === 'string' && typeof data.url === 'string' ? (data as PushPayload) : null;
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const payload = payloadOf(event);
  const actions = payload?.doseId ? Object.entries(DOSE_ACTIONS).map(([action, title]) => ({ action, title })) : [];
  event.waitUntil(
    self.registration.showNotification(PUSH_TITLE, { body: PUSH_BODY, tag: payload?.notificationId, icon: '/icon-192.png', data: payload ?? { url: '/dashboard' }, actions }),
  );
});

/** Focuses an open window of the app on `url`, or opens one. */
async function openApp(url: string): Promise<void> {
  const target = new URL(url, self.location.origin).href;
  const [open] = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (open) {
    await open.navigate(target);
    await open.focus();
  } else {
    await self.clients.openWindow(target);
  }
}

async function markDose(doseId: string, status: DoseMark): Promise<boolean> {
  const body = status === 'taken' ? { status, takenTime: new Date().toISOString() } : { status };
  try {
    const response = await fetch(`/api/medication-reminders/${doseId}`, {
      method: 'PATCH',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify(body),
    });
    return response.ok;
  } catch {
    return false;
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const payload = event.notification.data as Partial<PushPayload>;
  const url = payload.url ?? '/dashboard';
  const action = event.action as DoseMark;
  if (payload.doseId && action in DOSE_ACTIONS) {
    event.waitUntil(markDose(payload.doseId, action).then((done) => (done ? undefined : openApp(url))));
  } else {
    event.waitUntil(openApp(url));
  }
});
