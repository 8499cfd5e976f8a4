import type { Router } from '@koa/router';
import { defineRoute, type FileResponse } from './define';
import { patientOnly } from '../policies/route-policy';
import { asPatient } from '../policies/actor';
import { recordAudit } from '../services/audit';
import { patientBundle } from '../services/export/fhir/bundle';
import { appOrigin } from '../lib/app-origin';
import { fhirBundleResponse } from '../presenters/response-schemas';

const fhirBundleFile: FileResponse = {
  contentType: 'application/fhir+json',
  description: 'A FHIR R4 Bundle (type collection) of the Patient, their reports with their results, medications, appointments, consultations and documents (by address), as an attachment',
  schema: fhirBundleResponse,
};

/** The patient's records in a standard another system can import: free on every plan (the PDF export is Premium). */
export function registerExportRoutes(router: Router): void {
  defineRoute(router, {
    method: 'get',
    path: '/export/fhir',
    summary: "All the patient's records as FHIR R4 JSON, on every plan",
    policy: patientOnly,
    response: fhirBundleFile,
    handler: async (ctx) => {
      const patient = asPatient(ctx.state.actor);
      const generatedAt = new Date();
      const bundle = await patientBundle(patient, { origin: appOrigin(ctx), generatedAt });
      await recordAudit(ctx, { action: 'export.fhir', outcome: 'success', patientId: patient.userId });
      ctx.type = 'application/fhir+json; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="medivault-fhir-${generatedAt.toISOString().slice(0, 10)}.json"`);
      return bundle;
    },
  });
}
