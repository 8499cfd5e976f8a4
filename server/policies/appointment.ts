import { Appointment } from '../../db/models';
import { Conflict } from '../errors';
import type { PatientActor } from './actor';
import { findOwned } from './owned-record';

/** A patient reaches only their own appointments. */
export const appointmentsOf = (patient: PatientActor) => Appointment.query().where('appointments.userId', patient.userId);

export const findOwnAppointment = (patient: PatientActor, id: string) => findOwned(appointmentsOf(patient), id, 'Appointment');

/** Only an appointment still ahead of the patient can be moved. */
export function assertReschedulable(appointment: Appointment): void {
  if (appointment.status === 'cancelled') throw new Conflict('A cancelled appointment cannot be rescheduled. Book a new one instead.');
  if (appointment.status === 'completed') throw new Conflict('A completed appointment cannot be rescheduled. Book a new one instead.');
}

export function assertCancellable(appointment: Appointment): void {
  if (appointment.status === 'completed') throw new Conflict('A completed appointment cannot be cancelled.');
}
