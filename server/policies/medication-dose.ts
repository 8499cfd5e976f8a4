import { MedicationReminder } from '../../db/models';
import type { PatientActor } from './actor';
import { findOwned } from './owned-record';

/** A patient's own doses (medication reminders) from the last `days` days, oldest first, with their medication. */
export const dosesOfPatient = (patientId: string, days: number) =>
  MedicationReminder.query()
    .where('userId', patientId)
    .where('scheduledTime', '>', new Date(Date.now() - days * 86_400_000))
    .withGraphFetched('medication')
    .orderBy('scheduledTime', 'asc');

export const findOwnDose = (patient: PatientActor, id: string) =>
  findOwned(MedicationReminder.query().where('userId', patient.userId).withGraphFetched('medication'), id, { what: 'Dose', resourceType: 'medication_reminder' });
