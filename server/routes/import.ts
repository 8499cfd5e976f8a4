import type { Router } from '@koa/router';
import { defineRoute } from './define';
import { patientOnly } from '../policies/route-policy';
import { asPatient } from '../policies/actor';
import { auditedWrite, recordAudit } from '../services/audit';
import { planImport } from '../services/import/fhir/plan';
import { withinReportLimit, type PlanWithinLimit } from '../services/import/fhir/report-limit';
import { reportsLeftFor } from '../services/plan';
import { importedBefore, lockReportsOf, saveImport } from '../services/import/fhir/save';
import { fhirImportResponse } from '../presenters/response-schemas';
import { fhirImportBodySchema, fhirImportQuerySchema } from '../../common/schemas/fhir-import';
import { FHIR_IMPORT_MAX_BYTES } from '../../common/constants';
import type { FhirImportAnswer } from '../../common/api-types';
import { User } from '../../db/models';
import type { AppContext } from '../context';
import type { Knex } from 'knex';

const IMPORT_BODY = { limitBytes: FHIR_IMPORT_MAX_BYTES, tooLargeMessage: 'The file is larger than 15 MB. Export fewer records at a time and import each part.' };

const REFUSALS = {
  413: 'The file is larger than 15 MB',
  422: 'The file is another FHIR version than R4, or its Patient is not the signed-in patient (by name)',
};

function presentPlan(plan: PlanWithinLimit, saved: boolean): FhirImportAnswer {
  return {
    source: plan.source,
    saved,
    reports: plan.reports.map(({ from, record }) => ({ from, title: record.title, type: record.type, reportDate: record.reportDate, results: Object.keys(record.results ?? {}).length })),
    medications: plan.medications.map(({ from, record }) => ({ from, name: record.name, dosage: record.dosage, frequency: record.frequency, startDate: record.startDate })),
    skipped: plan.skipped,
    reportLimit: plan.reportLimit,
  };
}

/**
 * The plan for the signed-in patient's file, against what they imported before and cut to the room their plan
 * has (read in `trx` when saving, under its lock).
 */
async function planFor(ctx: AppContext, bundle: Record<string, unknown>, filename: string | undefined, trx?: Knex.Transaction): Promise<PlanWithinLimit> {
  const patient = asPatient(ctx.state.actor);
  const account = await User.query(trx).findById(patient.userId).select('firstName', 'lastName').throwIfNotFound();
  const seen = await importedBefore(trx ?? User.knex(), patient.userId);
  // A resource twice in one file is added once.
  const isNew = (fingerprint: string) => !seen.has(fingerprint) && Boolean(seen.add(fingerprint));
  return withinReportLimit(planImport(bundle, account, isNew, filename), await reportsLeftFor(patient.userId, trx));
}

/** Records brought in from another system: a FHIR R4 Bundle or an International Patient Summary, previewed, then saved. */
export function registerImportRoutes(router: Router): void {
  defineRoute(router, {
    method: 'post',
    path: '/import/fhir/preview',
    summary: "What importing a FHIR R4 Bundle would add, and what it leaves out and why (also the reports the free plan has no room for); saves nothing",
    policy: patientOnly,
    ownBody: IMPORT_BODY,
    body: fhirImportBodySchema,
    query: fhirImportQuerySchema,
    response: fhirImportResponse,
    refusals: REFUSALS,
    handler: async (ctx, { body, query }) => {
      const plan = await planFor(ctx, body as Record<string, unknown>, query.filename);
      await recordAudit(ctx, { action: 'import.fhir.preview', outcome: 'success', patientId: asPatient(ctx.state.actor).userId });
      return presentPlan(plan, false);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/import/fhir',
    summary:
      "Import a FHIR R4 Bundle into the patient's reports and medications ('imported from <source>'); a file imported before adds nothing again. On the free plan the newest reports it has room for are saved, the rest left out (reportLimit)",
    policy: patientOnly,
    ownBody: IMPORT_BODY,
    body: fhirImportBodySchema,
    query: fhirImportQuerySchema,
    response: fhirImportResponse,
    status: 201,
    refusals: REFUSALS,
    handler: async (ctx, { body, query }) => {
      const patient = asPatient(ctx.state.actor);
      const { plan } = await auditedWrite(
        ctx,
        async (trx) => {
          await lockReportsOf(trx, patient.userId);
          const planned = await planFor(ctx, body as Record<string, unknown>, query.filename, trx);
          await saveImport(trx, patient.userId, planned);
          return { plan: planned };
        },
        () => ({ action: 'import.fhir', outcome: 'success', resourceType: 'medical_report', patientId: patient.userId }),
        ({ plan: saved }) => presentPlan(saved, true),
      );
      return presentPlan(plan, true);
    },
  });
}
