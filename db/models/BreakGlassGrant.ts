import { Model } from 'objection';

/** A doctor's time-boxed access to one patient's records outside the access window, with the reason they gave. */
export class BreakGlassGrant extends Model {
  static tableName = 'break_glass_grants';

  declare id: string;
  declare doctorId: string;
  declare patientId: string;
  declare reason: string;
  declare createdAt: Date;
  declare expiresAt: Date;
}
