import { BreakGlassGrant, Consultation, User } from '../../db/models';
import { RefusedAccess } from '../errors';
import type { DoctorActor } from './actor';
import type { RecordAccess } from '../../common/api-types';

/** The refusal of a patient's records; `patientId` names the patient only when they are known to exist. */
export const refusedRecords = (resourceId: string, patientId?: string) =>
  new RefusedAccess('Patient not found.', { resourceType: 'patient_records', resourceId, patientId });

/** A doctor's consultations (not cancelled) with one patient, summed up. */
interface Care {
  patientId: string;
  inProgress: boolean | null;
  windowEnds: Date | string | null;
}

function accessFrom(care: Care, grantUntil: Date | string | undefined): RecordAccess {
  const windowEnds = care.windowEnds ? new Date(care.windowEnds) : null;
  if (care.inProgress || (windowEnds && windowEnds.getTime() > Date.now())) {
    return { state: 'care', until: care.inProgress ? null : windowEnds!.toISOString() };
  }
  if (grantUntil) return { state: 'break_glass', until: new Date(grantUntil).toISOString() };
  return { state: 'closed', until: null };
}

/**
 * A doctor reads a patient's records from booking until `windowMs` after a consultation with them ends
 * (its scheduled end: appointment date plus duration; one in progress is always inside), or while a
 * break-glass grant of theirs for that patient lasts. Cancelled consultations give no reach.
 *
 * The access of one doctor to each of these patients, in two queries however many patients there are; a
 * patient the doctor never had a consultation with (or only cancelled ones) is left out of the map.
 */
export async function recordAccessesOf(actor: DoctorActor, patientIds: readonly string[], windowMs: number): Promise<Map<string, RecordAccess>> {
  const unique = [...new Set(patientIds)];
  if (!unique.length) return new Map();
  const [cares, grants] = await Promise.all([
    Consultation.query()
      .where('doctorId', actor.doctorId)
      .whereIn('patientId', unique)
      .whereNot('status', 'cancelled')
      .groupBy('patientId')
      .select(
        'patientId',
        Consultation.raw(`bool_or(status = 'in_progress') AS in_progress`),
        Consultation.raw(`max(appointment_date + duration * interval '1 minute' + ?::interval) AS window_ends`, [`${windowMs} milliseconds`]),
      ) as unknown as Promise<Care[]>,
    BreakGlassGrant.query()
      .where('doctorId', actor.doctorId)
      .whereIn('patientId', unique)
      .where('expiresAt', '>', BreakGlassGrant.fn.now())
      .groupBy('patientId')
      .select('patientId')
      .max('expiresAt as until') as unknown as Promise<Array<{ patientId: string; until: Date | string }>>,
  ]);
  const grantUntil = new Map(grants.map((grant) => [grant.patientId, grant.until]));
  return new Map(cares.map((care) => [care.patientId, accessFrom(care, grantUntil.get(care.patientId))]));
}

/**
 * The doctor's access to one patient's records (recordAccessesOf). A doctor who never had a consultation
 * with the patient (other doctors, admins) gets 404, as if the patient did not exist. Both refusals are audited.
 */
export async function recordAccessOf(actor: DoctorActor, patientId: string, windowMs: number): Promise<RecordAccess> {
  const access = (await recordAccessesOf(actor, [patientId], windowMs)).get(patientId);
  if (access) return access;
  const patient = await User.query().findById(patientId).where('role', 'patient').select('id');
  throw refusedRecords(patientId, patient?.id);
}
