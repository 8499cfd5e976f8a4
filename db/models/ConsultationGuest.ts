import { Model } from 'objection';
import type { GuestStatus } from '../../common/constants';

/**
 * A guest of one consultation (an interpreter, a relative, a colleague): invited by a single-use link whose
 * token only the link holds (`tokenHash` is its SHA-256); its statuses are common/constants.ts GUEST_STATUSES.
 */
export class ConsultationGuest extends Model {
  static tableName = 'consultation_guests';

  declare id: string;
  declare consultationId: string;
  declare invitedByKind: 'doctor' | 'patient';
  declare invitedById: string;
  declare tokenHash: string;
  declare status: GuestStatus;
  declare name: string | null;
  declare expiresAt: Date;
  declare joinedAt: Date | null;
  /** When the doctor let them from the lobby into the call. */
  declare admittedAt: Date | null;
  declare endedAt: Date | null;
  declare createdAt: Date;
}
