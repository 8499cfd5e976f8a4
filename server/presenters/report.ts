import type { MedicalReport as MedicalReportModel, MedicalReportVersion } from '../../db/models';
import type { DoctorViewReport, MedicalReport, OwnReport, ReportAbilities, ReportProvenance, ReportVersion } from '../../common/api-types';
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

/** A report as answered to its owner, with what they may do with it (services/plan.ts reportAbilitiesOf). */
export function presentOwnReport(report: MedicalReportModel, abilities: ReportAbilities): OwnReport {
  return { ...presentReport(report), abilities };
}

export function presentReportForDoctor(report: MedicalReportModel, provenance: ReportProvenance): DoctorViewReport {
  return { ...presentReport(report), provenance };
}

export function presentReportVersion(version: MedicalReportVersion): ReportVersion {
  return {
    version: version.version,
    source: version.source,
    createdAt: iso(version.createdAt)!,
    title: version.title,
    type: version.type,
    status: version.status,
    reportDate: iso(version.reportDate)!,
    doctorName: version.doctorName,
    facility: version.facility,
    summary: version.summary,
    results: (version.results ?? null) as ReportVersion['results'],
  };
}
