import { MedicalReport } from '../../db/models';
import type { PatientActor } from './actor';
import { findOwned } from './owned-record';

/** A patient reaches only their own reports. */
export const reportsOf = (patient: PatientActor) => MedicalReport.query().where('medical_reports.userId', patient.userId);

export const findOwnReport = (patient: PatientActor, id: string) => findOwned(reportsOf(patient), id, 'Report');
