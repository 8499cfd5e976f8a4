import { Model, type RelationMappings } from 'objection';
import type { MedicationFrequency } from '../../common/constants';
import { User } from './User';
import { MedicationReminder } from './MedicationReminder';

export class Medication extends Model {
  static tableName = 'medications';
  static jsonAttributes = ['reminderTimes'];

  declare id: string;
  /** Raised by the database on every change (the API's ETag). */
  declare version: number;
  declare userId: string;
  declare name: string;
  declare dosage: string;
  declare frequency: MedicationFrequency;
  /** 'HH:MM' strings; defaults to ['08:00']. */
  declare reminderTimes: string[];
  declare prescribedBy: string | null;
  declare startDate: Date | string;
  declare endDate: Date | string | null;
  declare instructions: string | null;
  declare isActive: boolean;
  /** Premium's smart reminders: pills counted at `supplyCountedAt` (null: supply not kept). */
  declare supplyCount: number | null;
  declare supplyCountedAt: Date | string | null;
  declare pillsPerDose: number | null;
  /** Days before the projected run-out that a refill reminder comes. */
  declare refillReminderDays: number | null;
  /** Minutes after a dose's time that it is reminded again while not marked taken or skipped. */
  declare followUpMinutes: number | null;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare user?: User;
  declare reminders?: MedicationReminder[];

  static relationMappings = (): RelationMappings => ({
    user: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'medications.userId', to: 'users.id' } },
    reminders: {
      relation: Model.HasManyRelation,
      modelClass: MedicationReminder,
      join: { from: 'medications.id', to: 'medication_reminders.medicationId' },
    },
  });
}
