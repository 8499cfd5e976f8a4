import { apiRequest, isNetworkFailure, newAttemptKey } from '../api/client';
import { lostServer, reachedServer } from './connectivity';
import { enqueue, type QueuedChange } from './outbox';
import { requestBackgroundSync } from './register';

/** The answer of a change kept on the device to be sent later. */
interface Queued {
  queued: true;
}
export const isQueued = (value: unknown): value is Queued => typeof value === 'object' && value !== null && (value as Queued).queued === true;

/**
 * Sends a change now, or, when the server cannot be reached, queues it to be sent once it can. The
 * Idempotency-Key is chosen before the first try: a request that reached the server but whose answer
 * was lost is then recognised when the queue sends it again.
 */
export async function sendOrQueue<T>(change: Omit<QueuedChange, 'id' | 'refusal'>): Promise<T | Queued> {
  const id = newAttemptKey();
  try {
    const answer = await apiRequest<T>(change.path, { method: change.method, body: change.body, ifMatch: change.ifMatch, idempotencyKey: id });
    reachedServer();
    return answer;
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    lostServer();
    await enqueue({ ...change, id });
    void requestBackgroundSync();
    return { queued: true };
  }
}
