import { Model, type RelationMappings } from 'objection';
import { User } from './User';

/** A patient's question to the support team and, once given, the admin's answer. */
export class SupportRequest extends Model {
  static tableName = 'support_requests';

  declare id: string;
  declare userId: string;
  declare subject: string;
  declare message: string;
  /** Written by a Premium patient: answered first. */
  declare priority: boolean;
  declare answer: string | null;
  declare answeredBy: string | null;
  declare answeredAt: Date | string | null;
  declare createdAt: Date;

  declare user?: User;

  static relationMappings = (): RelationMappings => ({
    user: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'support_requests.userId', to: 'users.id' } },
  });
}
