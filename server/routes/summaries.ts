import type { Router } from '@koa/router';
import { defineRoute } from './define';
import { dashboardSummaryResponse, medicalSummaryResponse } from '../presenters/response-schemas';
import { patientOnly } from '../policies/route-policy';
import { asPatient } from '../policies/actor';
import { dashboardSummaryQuerySchema, medicalSummaryRequestSchema } from '../../common/schemas/misc';
import type { MedicalSummaryType } from '../../common/constants';
import { dashboardSummaryFor, medicalSummaryFor } from '../services/summary';
import { recordAudit } from '../services/audit';
import { accountTimeZone } from '../services/account-time-zone';

/** Counts and recommendations for the dashboard, and the AI summary screen's analyses: one engine for both. */
export function registerSummariesRoutes(router: Router): void {
  defineRoute(router, {
    method: 'get',
    path: '/dashboard-summary',
    summary: "Counts and recommendations for the patient's dashboard, dated in the zone asked for or else the account's",
    policy: patientOnly,
    query: dashboardSummaryQuerySchema,
    response: dashboardSummaryResponse,
    handler: async (ctx, { query }) => {
      const patient = asPatient(ctx.state.actor);
      const summary = await dashboardSummaryFor(patient, query.timeZone ?? accountTimeZone(patient.userId));
      await recordAudit(ctx, { action: 'summary.dashboard', outcome: 'success', resourceType: 'summary', patientId: patient.userId });
      return summary;
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/medical-summary',
    summary: "A summary of the patient's records, drawn only from them",
    policy: patientOnly,
    body: medicalSummaryRequestSchema,
    response: medicalSummaryResponse,
    handler: async (ctx, { body }) => {
      const patient = asPatient(ctx.state.actor);
      const type = body.type as MedicalSummaryType;
      const summary = await medicalSummaryFor(patient, { type, timeZone: body.timeZone }, ctx.deps.config.aiSummary);
      await recordAudit(ctx, { action: `summary.${type}`, outcome: 'success', resourceType: 'summary', patientId: patient.userId });
      return summary;
    },
  });
}
