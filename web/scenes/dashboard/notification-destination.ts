import type { AppNotification } from '../../../common/api-types';

/**
 * The screen a notification is about, by its type: the reminders' own (as their pushes open them), a
 * new report's list, the access history for records opened by a doctor, and Support for an answer from it. A general note (the welcome) leads nowhere and is only marked read.
 */
const DESTINATIONS: Record<string, string> = {
  medication_reminder: '/medications',
  refill_reminder: '/medications',
  dose_follow_up: '/medications',
  appointment_reminder: '/appointments',
  consultation_reminder: '/telemedicine',
  consultation_started: '/telemedicine',
  report: '/reports',
  records_opened: '/access-history',
  support_answered: '/support',
};

export const notificationDestination = (notification: AppNotification): string | undefined => DESTINATIONS[notification.type];
