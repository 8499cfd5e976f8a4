import { ApiError, apiRequest, isNetworkFailure, type RequestOptions } from '../api/client';
import { idbDelete, idbGet, idbKeys, idbPut } from './idb';
import { openJson, sealJson, type Sealed } from './sealed';

/**
 * Changes made while offline, kept sealed in IndexedDB and sent in order once the server is reachable.
 * Any API mutation can be queued: a change is a request plus a label the patient recognises. Its id is
 * the Idempotency-Key, fixed when the change is first tried, so however often it is sent (a retry after a
 * lost answer, the page and the service worker both replaying) the server acts once.
 */
export interface QueuedChange {
  id: string;
  path: string;
  method: NonNullable<RequestOptions['method']>;
  body?: unknown;
  ifMatch?: number;
  /** What the patient did, in their words: 'Add medication Lisinopril'. */
  label: string;
  /** Set when the server refused it: the message to show once, after which the change is dropped. */
  refusal?: string;
}

interface StoredChange {
  queuedAt: number;
  sealed: Sealed;
}

export const OUTBOX_SYNC_TAG = 'medivault-outbox';
/** Pages and the service worker tell each other the queue changed. */
export const OUTBOX_CHANNEL = 'medivault-outbox';

function announce(): void {
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

async function store(change: QueuedChange, queuedAt: number): Promise<void> {
  await idbPut('outbox', change.id, { queuedAt, sealed: await sealJson(change, change.id) } satisfies StoredChange);
}

export async function enqueue(change: QueuedChange): Promise<void> {
  await store(change, Date.now());
  announce();
}

/** Oldest first. */
export async function queuedChanges(): Promise<QueuedChange[]> {
  const ids = await idbKeys('outbox');
  const stored = await Promise.all(ids.map(async (id) => ({ id, kept: await idbGet<StoredChange>('outbox', id) })));
  const opened = await Promise.all(
    stored
      .filter((s): s is { id: string; kept: StoredChange } => Boolean(s.kept))
      .sort((a, b) => a.kept.queuedAt - b.kept.queuedAt)
      .map(async ({ id, kept }) => ({ id, kept, change: await openJson<QueuedChange>(kept.sealed, id).catch(() => null) })),
  );
  return opened.flatMap((o) => (o.change ? [o.change] : []));
}

export async function dropChange(id: string): Promise<void> {
  await idbDelete('outbox', id);
  announce();
}

/** Only a definite 'no' drops a change; no answer, a server fault, 'try later' or 'sign in first' keep it. */
function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && !error.retryLater;
}

async function send(change: QueuedChange): Promise<'sent' | 'refused' | 'stop'> {
  try {
    await apiRequest(change.path, { method: change.method, body: change.body, ifMatch: change.ifMatch, idempotencyKey: change.id });
    await idbDelete('outbox', change.id);
    return 'sent';
  } catch (error) {
    if (!isRefusal(error)) {
      if (!isNetworkFailure(error) && !(error instanceof ApiError)) throw error;
      return 'stop';
    }
    const kept = await idbGet<StoredChange>('outbox', change.id);
    if (kept) await store({ ...change, refusal: error.detail ?? error.message }, kept.queuedAt);
    return 'refused';
  }
}

async function replayInOrder(): Promise<void> {
  for (const change of await queuedChanges()) {
    if (change.refusal) continue;
    if ((await send(change)) === 'stop') break;
  }
}

/** Sends what is queued, in order, one context at a time (a Web Lock spans the pages and the service worker). */
export async function replayOutbox(): Promise<void> {
  await (navigator.locks ? navigator.locks.request(OUTBOX_SYNC_TAG, replayInOrder) : replayInOrder());
  announce();
}
