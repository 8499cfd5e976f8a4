import { Model, type RelationMappings } from 'objection';
import { User } from './User';

export class Notification extends Model {
  static tableName = 'notifications';

  declare id: string;
  declare userId: string;
  declare title: string;
  declare message: string;
  /** Free text such as 'general', 'medication_reminder', 'appointment_reminder', 'report'. Defaults to 'general'. */
  declare type: string;
  declare isRead: boolean;
  declare scheduledFor: Date | string | null;
  /** What a reminder is about (a medication, appointment or consultation); with type and scheduledFor it is unique. */
  declare subjectId: string | null;
  /** When its web push went out (null: not yet, or not a pushed notification). */
  declare pushedAt: Date | null;
  declare createdAt: Date;

  declare user?: User;

  static relationMappings = (): RelationMappings => ({
    user: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'notifications.userId', to: 'users.id' } },
  });
}
