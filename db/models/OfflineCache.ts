import { Model, type RelationMappings } from 'objection';
import { User } from './User';
import { MedicalReport } from './MedicalReport';

/** One encrypted copy of a report kept for offline reading; unique per (user, report). */
export class OfflineCache extends Model {
  static tableName = 'offline_cache';

  declare id: string;
  declare userId: string;
  declare reportId: string;
  declare encryptedData: string;
  declare lastSynced: Date;
  declare createdAt: Date;

  declare user?: User;
  declare report?: MedicalReport;

  static relationMappings = (): RelationMappings => ({
    user: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'offline_cache.userId', to: 'users.id' } },
    report: { relation: Model.BelongsToOneRelation, modelClass: MedicalReport, join: { from: 'offline_cache.reportId', to: 'medical_reports.id' } },
  });
}
