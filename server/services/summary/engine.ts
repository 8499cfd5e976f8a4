import type { CitedRecommendation, MedicalSummary, SummaryStatement } from '../../../common/api-types';
import { citationOf } from './citations';
import type { MedicalSummaryType } from '../../../common/constants';
import { healthInsights } from './health-insights';
import { reviewMedications } from './medication-review';
import { analyseReports } from './report-analysis';
import type { Finding, Priority, Section, SummaryContext, SummaryRecords } from './types';

export const SUMMARY_DISCLAIMER =
  'This summary is for information only and is not a substitute for professional medical advice, diagnosis or treatment. Always talk to your doctor about your results and medications.';

/** At most this many recommendations reach the dashboard and health summary. */
export const MAX_RECOMMENDATIONS = 5;

const ANALYSES: Record<Exclude<MedicalSummaryType, 'overview'>, (records: SummaryRecords, ctx: SummaryContext) => Section> = {
  report_analysis: analyseReports,
  medication_review: reviewMedications,
  health_insights: healthInsights,
};

export function sectionsFor(type: MedicalSummaryType, records: SummaryRecords, ctx: SummaryContext): Section[] {
  const analyses = type === 'overview' ? Object.values(ANALYSES) : [ANALYSES[type]];
  return analyses.map((analyse) => analyse(records, ctx));
}

const toStatement = ({ text, recordType, recordId }: Finding): SummaryStatement => ({ text, recordType, recordId });

/** The preformatted text: per section its heading, its overview, then one line per statement. */
function renderSummary(sections: Section[], statements: SummaryStatement[]): string {
  let next = 0;
  return sections
    .map((section) => {
      const lines = section.findings.map(() => `- ${statements[next++]!.text}`);
      return [section.title, section.overview, ...lines].join('\n');
    })
    .join('\n\n');
}

/** A deterministic summary; `statements` may replace the findings' wording one for one (see rephrase.ts). */
export function buildSummary(
  type: MedicalSummaryType,
  sections: Section[],
  ctx: SummaryContext,
  statements: SummaryStatement[] = sections.flatMap((s) => s.findings.map(toStatement)),
): MedicalSummary {
  return {
    type,
    generatedAt: new Date(ctx.now).toISOString(),
    statements,
    summary: renderSummary(sections, statements),
    disclaimer: SUMMARY_DISCLAIMER,
  };
}

const PRIORITY_ORDER: Priority[] = ['high', 'medium', 'low'];

/** The actionable findings of all three analyses, most pressing first, each citing the record it is drawn from. */
export function recommendationsFor(records: SummaryRecords, ctx: SummaryContext): CitedRecommendation[] {
  const findings = sectionsFor('overview', records, ctx).flatMap((s) => s.findings);
  const advised = PRIORITY_ORDER.flatMap((priority) => findings.filter((f) => f.priority === priority && f.advice));
  const unique = advised.filter((finding, index) => advised.findIndex((f) => f.advice === finding.advice) === index);
  return unique.slice(0, MAX_RECOMMENDATIONS).map((f) => ({ text: f.advice!, recordType: f.recordType, recordId: f.recordId, cites: citationOf(f, records, ctx) }));
}
