import { Medication } from '../../db/models';
import type { PatientActor } from './actor';
import { findOwned } from './owned-record';

/** A patient reaches only their own medications. */
export const medicationsOf = (patient: PatientActor) => Medication.query().where('medications.userId', patient.userId);

export const findOwnMedication = (patient: PatientActor, id: string) => findOwned(medicationsOf(patient), id, { what: 'Medication', resourceType: 'medication' });
