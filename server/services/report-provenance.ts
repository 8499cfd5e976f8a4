import { isDeepStrictEqual } from 'node:util';
import { PROVENANCE_FIELDS } from '../../common/constants';
import type { MedicalReport as ReportAnswer, ReportProvenance } from '../../common/api-types';
import { ImportedResource, MedicalReportVersion, type MedicalReport } from '../../db/models';

/**
 * Each report's provenance: who wrote its current content and, when the patient changed a report that
 * a document or a doctor gave, which clinical fields differ from that last given version and what
 * they were; an imported report, where it was imported from. Two queries for any number of reports.
 */
export async function provenanceOf(reports: MedicalReport[]): Promise<Map<string, ReportProvenance>> {
  const ids = reports.map((report) => report.id);
  const [given, sources] = ids.length
    ? await Promise.all([
        MedicalReportVersion.query()
          .distinctOn('reportId')
          .whereIn('reportId', ids)
          .whereNot('source', 'patient')
          .orderBy([{ column: 'reportId' }, { column: 'version', order: 'desc' }]),
        // Kept after the patient edits the report: it still came from there.
        ImportedResource.query().distinctOn('reportId').whereIn('reportId', ids).select('reportId', 'source'),
      ])
    : [[], []];
  const originals = new Map(given.map((version) => [version.reportId, version]));
  const importedFrom = new Map(sources.map((row) => [row.reportId, row.source]));
  return new Map(
    reports.map((report): [string, ReportProvenance] => {
      const original = originals.get(report.id);
      const patientChanged = original && report.changedBy === 'patient' ? PROVENANCE_FIELDS.filter((field) => !isDeepStrictEqual(report[field] ?? null, original[field] ?? null)) : [];
      return [
        report.id,
        {
          source: report.changedBy,
          patientChanged,
          original: original ? { type: original.type, status: original.status, results: (original.results ?? null) as ReportAnswer['results'] } : null,
          importedFrom: importedFrom.get(report.id) ?? null,
        },
      ];
    }),
  );
}
