import webpush from 'web-push';
import type { Logger } from 'pino';
import { PushSubscription } from '../../../db/models';
import type { PushPayload } from '../../../common/reminders';
import type { VapidKeys } from './vapid';
import { pushEndpointRefusal } from './push-services';

/** How long a push service keeps trying a device that is offline: a reminder a day late is no reminder. */
const PUSH_TTL_SECONDS = 12 * 3600;

/**
 * Sends one payload (encrypted per RFC 8291 by web-push) to each of a patient's subscriptions. A push
 * service answering 404 or 410 says the subscription is gone: it is deleted. Other failures are logged
 * and not retried, so no device gets the same push twice; the notification stays in the app's bell.
 * A subscription whose endpoint is not at a listed push service is deleted unsent.
 */
export async function pushToPatient(userId: string, payload: PushPayload, push: { vapid: VapidKeys; serviceHosts: readonly string[] }, log: Logger): Promise<number> {
  const { vapid, serviceHosts } = push;
  const subscriptions = await PushSubscription.query().where({ userId });
  const body = JSON.stringify(payload);
  const results = await Promise.all(
    subscriptions.map(async (subscription) => {
      if (pushEndpointRefusal(subscription.endpoint, serviceHosts)) {
        await subscription.$query().delete();
        return false;
      }
      try {
        await webpush.sendNotification({ endpoint: subscription.endpoint, keys: subscription.keys }, body, {
          vapidDetails: vapid,
          TTL: PUSH_TTL_SECONDS,
          urgency: 'high',
        });
        return true;
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) await subscription.$query().delete();
        else log.warn({ subscriptionId: subscription.id, status, error: (err as Error).message }, 'web push failed');
        return false;
      }
    }),
  );
  return results.filter(Boolean).length;
}
