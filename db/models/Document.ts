import { Model, type RelationMappings } from 'objection';
import { User } from './User';
import { MedicalReport } from './MedicalReport';
import type { JsonObject } from './types';

/** A stored original (scan image or PDF). Its bytes are in `document_files`, beside it in the database. */
export class Document extends Model {
  static tableName = 'documents';
  static jsonAttributes = ['extraction'];

  declare id: string;
  declare userId: string;
  declare filename: string;
  declare mimeType: string;
  declare byteSize: number;
  declare sha256: string;
  /** Where the original lay under the data directory before originals moved into the database; null since. */
  declare storageKey: string | null;
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
