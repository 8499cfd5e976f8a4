import { Notification } from '../../db/models';
import type { PatientActor } from './actor';
import { findOwned } from './owned-record';

/** A patient reaches only their own notifications. */
export const notificationsOf = (patient: PatientActor) => Notification.query().where('notifications.userId', patient.userId);

export const findOwnNotification = (patient: PatientActor, id: string) => findOwned(notificationsOf(patient), id, 'Notification');
