import type { MedicalReport } from '../../../common/api-types';
import { REPORT_STATUS_LABELS, type ReportStatus } from '../../../common/constants';
import { formatResultKey, parseResults, rangePosition, readMeasurement } from '../../../common/records';
import { formatDay, plural, sentence, withUnit } from './format';
import type { Finding, Section, SummaryContext, SummaryRecords } from './types';

const STATUS_ORDER: ReportStatus[] = ['urgent', 'review', 'normal', 'active'];

const newestFirst = (a: MedicalReport, b: MedicalReport) => Date.parse(b.reportDate) - Date.parse(a.reportDate);

/** A report named the way every statement names it: 'Brain MRI from Mar 3, 2026'. */
export function reportName(report: MedicalReport, ctx: SummaryContext): string {
  return `${report.title.trim()} from ${formatDay(report.reportDate, ctx.timeZone)}`;
}

/** Reports of the same type dated after this one: what they say supersedes it. */
const laterOfType = (report: MedicalReport, reports: MedicalReport[]) =>
  reports.filter((r) => r.type === report.type && Date.parse(r.reportDate) > Date.parse(report.reportDate));

function statusCounts(reports: MedicalReport[]): string {
  const parts = STATUS_ORDER.map((status) => {
    const count = reports.filter((r) => r.status === status).length;
    if (!count) return null;
    return status === 'review' ? `${count} need${count === 1 ? 's' : ''} review` : `${count} ${status}`;
  }).filter(Boolean);
  return `${plural(reports.length, 'report')}: ${parts.join(', ')}.`;
}

function statusFinding(report: MedicalReport, reports: MedicalReport[], ctx: SummaryContext): Finding | null {
  const name = reportName(report, ctx);
  const detail = report.summary ? `: ${sentence(report.summary)}` : '.';
  const link = { recordType: 'report' as const, recordId: report.id };
  const current = laterOfType(report, reports).length === 0;
  if (report.status === 'urgent') {
    const advice = current ? `Discuss your ${report.title.trim()} report with your doctor soon: it is marked urgent.` : undefined;
    return { ...link, priority: 'high', text: `${name} is marked urgent${detail}`, advice };
  }
  if (report.status === 'review') {
    const advice = current ? `Go over your ${report.title.trim()} report with your doctor: it needs review.` : undefined;
    return { ...link, priority: 'medium', text: `${name} needs review${detail}`, advice };
  }
  return null;
}

/** Keys of results that appear in a later report of the same type: advice is only given on the latest value. */
function supersededKeys(report: MedicalReport, reports: MedicalReport[]): Set<string> {
  const keys = new Set<string>();
  for (const other of laterOfType(report, reports)) {
    const parsed = parseResults(other.results);
    if (parsed.kind === 'fields') for (const [key, raw] of parsed.entries) if (readMeasurement(raw)) keys.add(key);
  }
  return keys;
}

function outOfRangeFindings(report: MedicalReport, reports: MedicalReport[], ctx: SummaryContext): Finding[] {
  const parsed = parseResults(report.results);
  if (parsed.kind !== 'fields') return [];
  const superseded = supersededKeys(report, reports);
  const findings: Finding[] = [];
  for (const [key, raw] of parsed.entries) {
    const measurement = readMeasurement(raw);
    const position = measurement && rangePosition(measurement);
    if (!measurement || !position || position === 'within') continue;
    const label = formatResultKey(key);
    const value = withUnit(measurement.value, measurement.unit);
    findings.push({
      recordType: 'report',
      recordId: report.id,
      priority: 'medium',
      text: `${reportName(report, ctx)}: ${label} ${value} is ${position} the reference range (${measurement.rangeText}).`,
      result: `${label} ${value}`,
      advice: superseded.has(key) ? undefined : `Ask your doctor about your ${label.toLowerCase()} of ${value}: it is ${position} the reference range (${measurement.rangeText}).`,
    });
  }
  return findings;
}

/** Statuses, urgent items and result values outside the reference range the results give. */
export function analyseReports(records: SummaryRecords, ctx: SummaryContext): Section {
  const reports = [...records.reports].sort(newestFirst);
  const title = 'Report Analysis';
  if (!reports.length) {
    return { title, overview: 'No medical reports yet. Scan or upload a report to have it analysed.', findings: [] };
  }
  const byStatus = STATUS_ORDER.flatMap((status) => reports.filter((r) => r.status === status));
  const findings = [
    ...byStatus.map((r) => statusFinding(r, reports, ctx)).filter((f): f is Finding => f !== null),
    ...reports.flatMap((r) => outOfRangeFindings(r, reports, ctx)),
  ];
  const latest = reports[0]!;
  findings.push({
    recordType: 'report',
    recordId: latest.id,
    priority: 'low',
    text: `Your latest report, ${reportName(latest, ctx)}, is ${REPORT_STATUS_LABELS[latest.status].toLowerCase()}.`,
  });
  const flagged = findings.some((f) => f.priority !== 'low');
  const overview = flagged ? statusCounts(reports) : `${statusCounts(reports)} None is urgent or needs review, and no result is outside its reference range.`;
  return { title, overview, findings };
}
