import { AuditEvent } from '../../db/models';
import type { PatientActor } from './actor';

/** A patient sees the audit rows about their own data and account, never anyone else's. */
export const accessHistoryOf = (patient: PatientActor) => AuditEvent.query().where('audit_events.patientId', patient.userId);

/** The rows about the patient written by anyone but the patient. */
export const accessByOthersOf = (patient: PatientActor) =>
  accessHistoryOf(patient).whereNot((q) => q.where('audit_events.actorKind', 'patient').andWhere('audit_events.actorId', patient.userId));
