import type { BreakGlassGrant } from '../../db/models';
import type { BreakGlassEntry } from '../../common/api-types';
import { personName } from '../../common/names';

/** A grant as the admin list reads it: joined with the doctor's and the patient's names. */
type ListedGrant = BreakGlassGrant & { doctorName?: string; patientFirstName?: string; patientLastName?: string };

export function presentBreakGlassEntry(grant: ListedGrant): BreakGlassEntry {
  return {
    id: grant.id,
    doctorId: grant.doctorId,
    doctorName: grant.doctorName ?? '',
    patientId: grant.patientId,
    patientName: personName({ firstName: grant.patientFirstName, lastName: grant.patientLastName }),
    reason: grant.reason,
    createdAt: grant.createdAt.toISOString(),
    expiresAt: grant.expiresAt.toISOString(),
  };
}
