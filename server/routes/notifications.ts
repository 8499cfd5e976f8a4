import type { Router } from '@koa/router';
import { defineRoute } from './define';
import { listOf, notificationResponse, readAllResponse } from '../presenters/response-schemas';
import { patientOnly } from '../policies/route-policy';
import { asPatient } from '../policies/actor';
import { findOwnNotification, notificationsOf } from '../policies/notification';
import { emptyBodySchema } from '../../common/schemas/misc';
import { presentNotification } from '../presenters/notification';
import { recordAudit } from '../services/audit';
import type { AppContext } from '../context';

function audit(ctx: AppContext, action: string, patientId: string, resourceId?: string) {
  return recordAudit(ctx, { action, outcome: 'success', resourceType: 'notification', resourceId, patientId });
}

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
      await audit(ctx, 'notification.list', patient.userId);
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
      const updated = await notificationsOf(patient).where('isRead', false).patch({ isRead: true });
      await audit(ctx, 'notification.read_all', patient.userId);
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
      const read = notification.isRead ? notification : await notification.$query().patchAndFetch({ isRead: true });
      await audit(ctx, 'notification.read', patient.userId, notification.id);
      return presentNotification(read);
    },
  });
}
