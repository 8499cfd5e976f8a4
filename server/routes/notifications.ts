import type { Router } from '@koa/router';
import { defineRoute } from './define';
import { listOf, notificationResponse, readAllResponse } from '../presenters/response-schemas';
import { patientOnly } from '../policies/route-policy';
import { asPatient } from '../policies/actor';
import { findOwnNotification, notificationsOf } from '../policies/notification';
import { emptyBodySchema } from '../../common/schemas/misc';
import { presentNotification } from '../presenters/notification';
import { auditedWrite, recordAudit, recordEntries } from '../services/audit';

const notificationEntry = recordEntries('notification');

/** The patient's notifications (newest first) and marking them read, one or all. */
export function registerNotificationsRoutes(router: Router): void {
  defineRoute(router, {
    method: 'get',
    path: '/notifications',
    summary: "The patient's notifications, newest first",
    policy: patientOnly,
    response: listOf(notificationResponse),
    handler: async (ctx) => {
      const patient = asPatient(ctx.state.actor);
      const notifications = await notificationsOf(patient).orderBy('createdAt', 'desc');
      await recordAudit(ctx, notificationEntry('notification.list', patient.userId));
      return notifications.map(presentNotification);
    },
  });

  defineRoute(router, {
    method: 'patch',
    path: '/notifications/read-all',
    summary: 'Mark every notification read',
    policy: patientOnly,
    body: emptyBodySchema,
    response: readAllResponse,
    handler: async (ctx) => {
      const patient = asPatient(ctx.state.actor);
      const updated = await auditedWrite(
        ctx,
        (trx) => notificationsOf(patient, trx).where('isRead', false).patch({ isRead: true }),
        () => notificationEntry('notification.read_all', patient.userId),
      );
      return { updated };
    },
  });

  defineRoute(router, {
    method: 'patch',
    path: '/notifications/:id/read',
    summary: 'Mark one notification read',
    policy: patientOnly,
    body: emptyBodySchema,
    response: notificationResponse,
    handler: async (ctx, { params }) => {
      const patient = asPatient(ctx.state.actor);
      const notification = await findOwnNotification(patient, params.id!);
      const read = await auditedWrite(
        ctx,
        (trx) => (notification.isRead ? Promise.resolve(notification) : notification.$query(trx).patchAndFetch({ isRead: true })),
        () => notificationEntry('notification.read', patient.userId, notification.id),
      );
      return presentNotification(read);
    },
  });
}
