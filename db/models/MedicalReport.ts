import { Model, type RelationMappings } from 'objection';
import type { ReportSource, ReportStatus, ReportType } from '../../common/constants';
import type { ReportResults } from './types';
import { User } from './User';
import { Document } from './Document';
import { OfflineCache } from './OfflineCache';

export class MedicalReport extends Model {
  static tableName = 'medical_reports';
  static jsonAttributes = ['results'];

  declare id: string;
  /** Raised by the database on every change (the API's ETag). */
  declare version: number;
  declare userId: string;
  declare title: string;
  declare type: ReportType;
  declare status: ReportStatus;
  declare reportDate: Date | string;
  declare doctorName: string | null;
  declare facility: string | null;
  declare documentUrl: string | null;
  declare summary: string | null;
  declare results: ReportResults | null;
  declare isOfflineAvailable: boolean;
  declare documentId: string | null;
  /** Who wrote the current content (set by every write; the versions table keeps the earlier ones). */
  declare changedBy: ReportSource;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare user?: User;
  declare document?: Document | null;
  declare offlineCache?: OfflineCache[];

  static relationMappings = (): RelationMappings => ({
    user: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'medical_reports.userId', to: 'users.id' } },
    document: {
      relation: Model.BelongsToOneRelation,
      modelClass: Document,
      join: { from: 'medical_reports.documentId', to: 'documents.id' },
    },
    offlineCache: {
      relation: Model.HasManyRelation,
      modelClass: OfflineCache,
      join: { from: 'medical_reports.id', to: 'offline_cache.reportId' },
    },
  });
}
