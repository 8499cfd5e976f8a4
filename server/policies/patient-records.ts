import { BreakGlassGrant, Consultation, User } from '../../db/models';
import { RefusedAccess } from '../errors';
import type { DoctorActor } from './actor';
import type { RecordAccess } from '../../common/api-types';

/** The refusal of a patient's records; `patientId` names the patient only when they are known to exist. */
export const refusedRecords = (resourceId: string, patientId?: string) =>
  new RefusedAccess('Patient not found.', { resourceType: 'patient_records', resourceId, patientId });

/**
 * A doctor reads a patient's records from booking until `windowMs` after a consultation with them ends
 * (its scheduled end: appointment date plus duration; one in progress is always inside), or while a
 * break-glass grant of theirs for that patient lasts. Cancelled consultations give no reach. A doctor who
 * never had a consultation with the patient (other doctors, admins) gets 404, as if the patient did not exist.
 * Both refusals are audited.
 */
export async function recordAccessOf(actor: DoctorActor, patientId: string, windowMs: number): Promise<RecordAccess> {
  const window = `${windowMs} milliseconds`;
  const [care, grant] = await Promise.all([
    Consultation.query()
      .where({ doctorId: actor.doctorId, patientId })
      .whereNot('status', 'cancelled')
      .select(
        Consultation.raw('count(*)::int AS consultations'),
        Consultation.raw(`bool_or(status = 'in_progress') AS in_progress`),
        Consultation.raw(`max(appointment_date + duration * interval '1 minute' + ?::interval) AS window_ends`, [window]),
      )
      .first() as unknown as Promise<{ consultations: number; inProgress: boolean | null; windowEnds: Date | null }>,
    BreakGlassGrant.query().where({ doctorId: actor.doctorId, patientId }).where('expiresAt', '>', BreakGlassGrant.fn.now()).max('expiresAt as until').first() as unknown as Promise<{
      until: Date | null;
    }>,
  ]);
  if (!care.consultations) {
    const patient = await User.query().findById(patientId).where('role', 'patient').select('id');
    throw refusedRecords(patientId, patient?.id);
  }
  const windowEnds = care.windowEnds ? new Date(care.windowEnds) : null;
  if (care.inProgress || (windowEnds && windowEnds.getTime() > Date.now())) {
    return { state: 'care', until: care.inProgress ? null : windowEnds!.toISOString() };
  }
  if (grant?.until) return { state: 'break_glass', until: new Date(grant.until).toISOString() };
  return { state: 'closed', until: null };
}
