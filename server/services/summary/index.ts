import type { DashboardSummary, MedicalSummary } from '../../../common/api-types';
import type { MedicalSummaryType } from '../../../common/constants';
import type { Config } from '../../config';
import type { PatientActor } from '../../policies/actor';
import { presentDashboardSummary } from '../../presenters/summary';
import { hasPremium } from '../plan';
import { buildSummary, recommendationsFor, sectionsFor } from './engine';
import { loadSummaryRecords } from './load';
import { rephraseStatements } from './rephrase';

/** POST /api/medical-summary: the chosen analysis of the patient's own records, optionally reworded. */
export async function medicalSummaryFor(
  patient: PatientActor,
  request: { type: MedicalSummaryType; timeZone: string },
  aiSummary: Config['aiSummary'],
): Promise<MedicalSummary> {
  const [records, premium] = await Promise.all([loadSummaryRecords(patient), hasPremium(patient.userId)]);
  const ctx = { now: Date.now(), timeZone: request.timeZone, premium };
  const sections = sectionsFor(request.type, records, ctx);
  const summary = buildSummary(request.type, sections, ctx);
  const reworded = await rephraseStatements(summary.statements.map((s) => s.text), aiSummary);
  if (!reworded) return summary;
  return buildSummary(request.type, sections, ctx, summary.statements.map((s, i) => ({ ...s, text: reworded[i]! })));
}

/** GET /api/dashboard-summary. A zone still being looked up is read alongside the records. */
export async function dashboardSummaryFor(patient: PatientActor, timeZone: string | Promise<string>): Promise<DashboardSummary> {
  const now = Date.now();
  const [records, zone, premium] = await Promise.all([loadSummaryRecords(patient), timeZone, hasPremium(patient.userId)]);
  return presentDashboardSummary(records, recommendationsFor(records, { now, timeZone: zone, premium }), now);
}
