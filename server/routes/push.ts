import type { Router } from '@koa/router';
import { defineRoute } from './define';
import { pushPublicKeyResponse } from '../presenters/response-schemas';
import { patientOnly } from '../policies/route-policy';
import { asPatient } from '../policies/actor';
import { pushSubscriptionSchema } from '../../common/schemas/misc';
import { auditedWrite, type AuditEntry } from '../services/audit';
import { sessionFingerprint } from '../session';
import { PushSubscription } from '../../db/models';
import { strictObject } from '../../common/schemas/helpers';
import { ValidationFailed } from '../errors';
import { pushEndpointRefusal } from '../services/push/push-services';

const unsubscribeSchema = strictObject({ endpoint: pushSubscriptionSchema.fields.endpoint });

const subscriptionEntry = (action: string, patientId: string): AuditEntry => ({ action, outcome: 'success', resourceType: 'push_subscription', patientId });

/**
 * Web push: the key a browser subscribes with, and the subscription itself. One row per endpoint (a
 * browser subscribing again, or another patient signing in on it, takes the row over), tied to the
 * session that made it so signing that session out removes it.
 */
export function registerPushRoutes(router: Router): void {
  defineRoute(router, {
    method: 'get',
    path: '/push/public-key',
    summary: "The server's VAPID public key (applicationServerKey)",
    policy: patientOnly,
    response: pushPublicKeyResponse,
    handler: (ctx) => ({ publicKey: ctx.deps.reminders.vapid.publicKey }),
  });

  defineRoute(router, {
    method: 'post',
    path: '/push/subscribe',
    summary: "Keep this browser's push subscription (one per endpoint)",
    policy: patientOnly,
    body: pushSubscriptionSchema,
    status: 204,
    handler: async (ctx, { body }) => {
      const patient = asPatient(ctx.state.actor);
      // The server will POST to the endpoint: only a browser push service's, never a host the patient picks.
      const refusal = pushEndpointRefusal(body.endpoint, ctx.deps.config.pushServiceHosts);
      if (refusal) throw new ValidationFailed(refusal, { endpoint: refusal });
      const row = { userId: patient.userId, endpoint: body.endpoint, keys: JSON.stringify(body.keys), sessionFingerprint: sessionFingerprint(ctx) };
      await auditedWrite(
        ctx,
        (trx) => trx('push_subscriptions').insert(row).onConflict('endpoint').merge(['userId', 'keys', 'sessionFingerprint'] as never),
        () => subscriptionEntry('push.subscribe', patient.userId),
      );
      return undefined;
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/push/unsubscribe',
    summary: "Forget one of the patient's push subscriptions",
    policy: patientOnly,
    body: unsubscribeSchema,
    status: 204,
    handler: async (ctx, { body }) => {
      const patient = asPatient(ctx.state.actor);
      await auditedWrite(
        ctx,
        (trx) => PushSubscription.query(trx).where({ userId: patient.userId, endpoint: body.endpoint }).delete(),
        () => subscriptionEntry('push.unsubscribe', patient.userId),
      );
      return undefined;
    },
  });
}
