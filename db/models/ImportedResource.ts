import { Model } from 'objection';

/** A FHIR resource an import turned into a report or a medication of the patient's: by its fingerprint, so it is never imported twice. */
export class ImportedResource extends Model {
  static tableName = 'imported_resources';
  static idColumn = ['userId', 'fingerprint'];

  declare userId: string;
  declare fingerprint: string;
  /** Where the file came from, as the import names it ('St Mary's Hospital', a file name). */
  declare source: string;
  declare reportId: string | null;
  declare medicationId: string | null;
  declare createdAt: Date;
}
