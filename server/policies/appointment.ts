import { APPOINTMENT_STATUS_LABELS } from '../../common/constants';
import { appointmentMachine } from '../../common/appointment-status';
import { Appointment } from '../../db/models';
import { Conflict } from '../errors';
import type { PatientActor } from './actor';
import { findOwned } from './owned-record';

/** A patient reaches only their own appointments. */
export const appointmentsOf = (patient: PatientActor) => Appointment.query().where('appointments.userId', patient.userId);

export const findOwnAppointment = (patient: PatientActor, id: string) => findOwned(appointmentsOf(patient), id, { what: 'Appointment', resourceType: 'appointment' });

const described = (appointment: Appointment) => `A ${APPOINTMENT_STATUS_LABELS[appointment.status].toLowerCase()} appointment`;

/** Only an appointment still ahead of the patient can be moved (common/appointment-status has the table). */
export function assertReschedulable(appointment: Appointment): void {
  if (!appointmentMachine.can(appointment.status, 'reschedule')) throw new Conflict(`${described(appointment)} cannot be rescheduled. Book a new one instead.`);
}

export function assertCancellable(appointment: Appointment): void {
  if (!appointmentMachine.can(appointment.status, 'cancel')) throw new Conflict(`${described(appointment)} cannot be cancelled.`);
}
