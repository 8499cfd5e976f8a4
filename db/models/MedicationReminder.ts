import { Model, type RelationMappings } from 'objection';
import { User } from './User';
import { Medication } from './Medication';

export class MedicationReminder extends Model {
  static tableName = 'medication_reminders';

  declare id: string;
  declare medicationId: string;
  declare userId: string;
  declare scheduledTime: Date | string;
  declare takenTime: Date | string | null;
  declare isSkipped: boolean;
  declare notes: string | null;
  declare createdAt: Date;

  declare medication?: Medication;
  declare user?: User;

  static relationMappings = (): RelationMappings => ({
    medication: {
      relation: Model.BelongsToOneRelation,
      modelClass: Medication,
      join: { from: 'medication_reminders.medicationId', to: 'medications.id' },
    },
    user: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'medication_reminders.userId', to: 'users.id' } },
  });
}
