import { Model, type RelationMappings } from 'objection';
import { User } from './User';
import { MedicalReport } from './MedicalReport';
import type { JsonObject } from './types';

/** A stored original (scan image or PDF). The bytes live on disk under the data directory at `storageKey`. */
export class Document extends Model {
  static tableName = 'documents';
  static jsonAttributes = ['extraction'];

  declare id: string;
  declare userId: string;
  declare filename: string;
  declare mimeType: string;
  declare byteSize: number;
  declare sha256: string;
  /** Path relative to the data directory. */
  declare storageKey: string;
  declare extractedText: string | null;
  declare pages: number;
  /** What was read: structured fields, medications and the line each came from (DocumentExtraction). */
  declare extraction: JsonObject | null;
  declare createdAt: Date;

  declare user?: User;
  declare reports?: MedicalReport[];

  static relationMappings = (): RelationMappings => ({
    user: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'documents.userId', to: 'users.id' } },
    reports: { relation: Model.HasManyRelation, modelClass: MedicalReport, join: { from: 'documents.id', to: 'medical_reports.documentId' } },
  });
}
