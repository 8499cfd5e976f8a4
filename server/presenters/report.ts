import type { MedicalReport as MedicalReportModel } from '../../db/models';
import type { MedicalReport } from '../../common/api-types';
import { iso } from '../lib/dates';

export function presentReport(report: MedicalReportModel): MedicalReport {
  return {
    id: report.id,
    version: report.version,
    userId: report.userId,
    title: report.title,
    type: report.type,
    status: report.status,
    reportDate: iso(report.reportDate)!,
    doctorName: report.doctorName,
    facility: report.facility,
    documentUrl: report.documentUrl,
    summary: report.summary,
    results: (report.results ?? null) as MedicalReport['results'],
    isOfflineAvailable: report.isOfflineAvailable,
    createdAt: iso(report.createdAt)!,
  };
}
