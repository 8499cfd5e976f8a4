import { MedicationReminder } from '../../db/models';
import type { PatientActor } from './actor';
import { findOwned } from './owned-record';

export const findOwnDose = (patient: PatientActor, id: string) =>
  findOwned(MedicationReminder.query().where('userId', patient.userId).withGraphFetched('medication'), id, { what: 'Dose', resourceType: 'medication_reminder' });
