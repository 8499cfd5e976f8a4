import type { Notification as NotificationModel } from '../../db/models';
import type { AppNotification } from '../../common/api-types';
import { iso } from '../lib/dates';

export function presentNotification(notification: NotificationModel): AppNotification {
  return {
    id: notification.id,
    userId: notification.userId,
    title: notification.title,
    message: notification.message,
    type: notification.type,
    isRead: notification.isRead,
    scheduledFor: iso(notification.scheduledFor),
    createdAt: iso(notification.createdAt)!,
  };
}
