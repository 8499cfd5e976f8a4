import type { AppContext } from '../context';
import type { DoctorActor } from '../policies/actor';
import { recordAccessOf } from '../policies/patient-records';
import { BreakGlassGrant } from '../../db/models';
import { Conflict } from '../errors';
import { auditedWrite } from './audit';
import { alertAdminsOfBreakGlass } from './break-glass-alert';
import { BREAK_GLASS_ACTION } from '../presenters/access-history';
import type { RecordAccess } from '../../common/api-types';

/**
 * Break-glass: a doctor who had a consultation (not cancelled) with the patient, and whose access window has
 * closed, opens the patient's records for `breakGlassMs` by giving a reason. Anyone else gets 404 (as for the
 * records); a doctor whose records are open already gets 409, so no grant is made without need. The grant
 * holds the reason (shown to the patient in Access history and to admins); the audit row names the grant.
 * Every admin is mailed at once (break-glass-alert.ts).
 */
export async function openBreakGlass(ctx: AppContext, doctor: DoctorActor, patientId: string, reason: string): Promise<RecordAccess> {
  const { doctorAccessWindowMs, breakGlassMs } = ctx.deps.config;
  const access = await recordAccessOf(doctor, patientId, doctorAccessWindowMs);
  if (access.state !== 'closed') throw new Conflict('You can already read these records; no break-glass access is needed.');
  const grant = await auditedWrite(
    ctx,
    (trx) => BreakGlassGrant.query(trx).insertAndFetch({ doctorId: doctor.doctorId, patientId, reason, expiresAt: new Date(Date.now() + breakGlassMs) }),
    (opened) => ({ action: BREAK_GLASS_ACTION, outcome: 'success', resourceType: 'break_glass', resourceId: opened.id, patientId }),
  );
  alertAdminsOfBreakGlass(ctx, doctor.doctorId, grant.expiresAt);
  return { state: 'break_glass', until: grant.expiresAt.toISOString() };
}
