import { FREE_PLAN_REPORT_LIMIT } from '../../../../common/constants';
import type { FhirImportAnswer } from '../../../../common/api-types';
import type { ImportPlan } from './plan';

export const LEFT_OUT_BY_PLAN = `The free plan holds ${FREE_PLAN_REPORT_LIMIT} reports: upgrade to Premium to import this one.`;

/** A plan cut to what the patient's plan takes, and what was cut (null: nothing). */
export interface PlanWithinLimit extends ImportPlan {
  reportLimit: FhirImportAnswer['reportLimit'];
}

/**
 * Keeps of a plan the reports the patient's plan has room for (`reportsLeft`; null on Premium, no limit): the
 * newest, in the file's order; the others are skipped, saying why. They are not marked imported, so the same
 * file brings them in once there is room.
 */
export function withinReportLimit(plan: ImportPlan, reportsLeft: number | null): PlanWithinLimit {
  if (reportsLeft === null || plan.reports.length <= reportsLeft) return { ...plan, reportLimit: null };
  const newestFirst = [...plan.reports].sort((a, b) => b.record.reportDate.localeCompare(a.record.reportDate));
  const kept = new Set(newestFirst.slice(0, reportsLeft));
  const leftOut = plan.reports.filter((report) => !kept.has(report));
  return {
    ...plan,
    reports: plan.reports.filter((report) => kept.has(report)),
    skipped: [...leftOut.map(({ from, record }) => ({ resourceType: from, label: `${from}: ${record.title}`, reason: LEFT_OUT_BY_PLAN })), ...plan.skipped],
    reportLimit: { reportsLeft, leftOut: leftOut.length },
  };
}
