import { Model, type RelationMappings } from 'objection';
import type { ActorKind, AuditOutcome } from './types';
import { User } from './User';

/** Who did what to which record, and whether it was allowed. Append-only. */
export class AuditEvent extends Model {
  static tableName = 'audit_events';

  declare id: string;
  declare actorKind: ActorKind;
  declare actorId: string | null;
  declare actorName: string | null;
  /** Dotted verb such as 'auth.login' or 'report.read'. */
  declare action: string;
  declare resourceType: string | null;
  declare resourceId: string | null;
  /** The patient whose data was touched, when there is one. */
  declare patientId: string | null;
  declare outcome: AuditOutcome;
  declare ip: string | null;
  declare requestId: string | null;
  declare createdAt: Date;

  declare patient?: User | null;

  static relationMappings = (): RelationMappings => ({
    patient: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'audit_events.patientId', to: 'users.id' } },
  });
}
