import type { Knex } from 'knex';
import { Notification } from '../../db/models';
import type { PatientActor } from './actor';
import { findOwned } from './owned-record';

/** A patient reaches only their own notifications. */
export const notificationsOf = (patient: PatientActor, trx?: Knex.Transaction) => Notification.query(trx).where('notifications.userId', patient.userId);

export const findOwnNotification = (patient: PatientActor, id: string) => findOwned(notificationsOf(patient), id, { what: 'Notification', resourceType: 'notification' });
