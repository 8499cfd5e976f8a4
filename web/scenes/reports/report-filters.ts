import type { MedicalReport } from '../../../common/api-types';
import { REPORT_TYPE_LABELS, type ReportStatus } from '../../../common/constants';

/** The filter chips of the reports list (spec section 2). */
const REPORT_FILTERS = {
  All: () => true,
  Urgent: (r: MedicalReport) => r.status === 'urgent',
  'Blood Work': (r: MedicalReport) => r.type === 'blood_work',
  'X-Ray': (r: MedicalReport) => r.type === 'x_ray',
  Prescriptions: (r: MedicalReport) => r.type === 'prescription',
} as const;
export type ReportFilter = keyof typeof REPORT_FILTERS;
export const REPORT_FILTER_NAMES = Object.keys(REPORT_FILTERS) as ReportFilter[];

export const REPORT_SORTS = ['Date', 'Type', 'Status'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];

/** Most pressing first. */
const STATUS_RANK: Record<ReportStatus, number> = { urgent: 0, review: 1, active: 2, normal: 3 };

const newestFirst = (a: MedicalReport, b: MedicalReport) => Date.parse(b.reportDate) - Date.parse(a.reportDate);
const COMPARE: Record<ReportSort, (a: MedicalReport, b: MedicalReport) => number> = {
  Date: newestFirst,
  Type: (a, b) => REPORT_TYPE_LABELS[a.type].localeCompare(REPORT_TYPE_LABELS[b.type]) || newestFirst(a, b),
  Status: (a, b) => STATUS_RANK[a.status] - STATUS_RANK[b.status] || newestFirst(a, b),
};

/** Search across title, doctor name and facility, case-insensitive. */
export function matchesSearch(report: MedicalReport, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [report.title, report.doctorName, report.facility].some((field) => field?.toLowerCase().includes(needle));
}

export function filterCounts(reports: MedicalReport[]): Record<ReportFilter, number> {
  return Object.fromEntries(REPORT_FILTER_NAMES.map((name) => [name, reports.filter(REPORT_FILTERS[name]).length])) as Record<ReportFilter, number>;
}

export function visibleReports<R extends MedicalReport>(reports: R[], { search, filter, sort }: { search: string; filter: ReportFilter; sort: ReportSort }): R[] {
  return reports.filter((r) => matchesSearch(r, search) && REPORT_FILTERS[filter](r)).sort(COMPARE[sort]);
}
