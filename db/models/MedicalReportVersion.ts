import { Model } from 'objection';
import type { ReportSource, ReportStatus, ReportType } from '../../common/constants';
import type { ReportResults } from './types';

/** One version of a medical report as it was written, kept by a database trigger (never written by the app). */
export class MedicalReportVersion extends Model {
  static tableName = 'medical_report_versions';
  static idColumn = ['reportId', 'version'];
  static jsonAttributes = ['results'];

  declare reportId: string;
  declare version: number;
  declare source: ReportSource;
  declare title: string;
  declare type: ReportType;
  declare status: ReportStatus;
  declare reportDate: Date;
  declare doctorName: string | null;
  declare facility: string | null;
  declare summary: string | null;
  declare results: ReportResults | null;
  declare createdAt: Date;
}
