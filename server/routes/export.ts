import type { Router } from '@koa/router';
import { defineRoute, type FileResponse } from './define';
import { patientOnly } from '../policies/route-policy';
import { asPatient } from '../policies/actor';
import { recordAudit } from '../services/audit';
import { patientBundle } from '../services/export/fhir/bundle';
import { appOrigin } from '../lib/app-origin';
import { fhirBundleResponse } from '../presenters/response-schemas';
import { fhirExportQuerySchema, idsIn } from '../../common/schemas/fhir-export';

const fhirBundleFile: FileResponse = {
  contentType: 'application/fhir+json',
  description:
    'A FHIR R4 Bundle of the Patient, their reports with their results (LOINC-coded where the app knows the test, units in UCUM), medications, appointments, consultations (each chat line a Communication in its Encounter) and documents (by address), as an attachment. A collection by default; with type=transaction, every entry carries a request (POST to its resource type) and a FHIR server imports the whole Bundle at once, its references (urn:uuid) kept',
  schema: fhirBundleResponse,
};

/** The patient's records in a standard another system can import: free on every plan (the PDF export is Premium). */
export function registerExportRoutes(router: Router): void {
  defineRoute(router, {
    method: 'get',
    path: '/export/fhir',
    summary: "All the patient's records as FHIR R4 JSON, on every plan; or only chosen reports and medications (reportIds, medicationIds)",
    policy: patientOnly,
    query: fhirExportQuerySchema,
    response: fhirBundleFile,
    handler: async (ctx, { query }) => {
      const patient = asPatient(ctx.state.actor);
      const generatedAt = new Date();
      const chosen = query.reportIds !== undefined || query.medicationIds !== undefined;
      const selection = chosen ? { reportIds: idsIn(query.reportIds), medicationIds: idsIn(query.medicationIds) } : undefined;
      const bundle = await patientBundle(patient, { origin: appOrigin(ctx), generatedAt, type: query.type, selection });
      await recordAudit(ctx, { action: chosen ? 'export.fhir_chosen' : 'export.fhir', outcome: 'success', patientId: patient.userId });
      ctx.type = 'application/fhir+json; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="medivault-fhir-${generatedAt.toISOString().slice(0, 10)}.json"`);
      return bundle;
    },
  });
}
