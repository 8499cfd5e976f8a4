import type { Router } from '@koa/router';
import { defineRoute } from './define';
import { listOf, ownReportResponse, recordsPdfFile, reportListAbilitiesResponse, reportVersionResponse } from '../presenters/response-schemas';
import { patientOnly } from '../policies/route-policy';
import { asPatient } from '../policies/actor';
import { findOwnReport, listOwnReports } from '../policies/medical-report';
import { medicalReportCreateSchema, medicalReportUpdateSchema, recordsExportQuerySchema } from '../../common/schemas/medical-report';
import { presentOwnReport, presentReportVersion } from '../presenters/report';
import { auditedWrite, recordAuditIn, recordAudit, recordEntries } from '../services/audit';
import { accountTimeZone } from '../services/account-time-zone';
import { zonedDays } from '../services/calendar/zoned-time';
import { deleteDocument } from '../services/documents/storage';
import type { AppContext } from '../context';
import { MedicalReport, MedicalReportVersion, User } from '../../db/models';
import { PREMIUM_REPORT_TYPES, type ReportType } from '../../common/constants';
import { ValidationFailed } from '../errors';
import { patchIfCurrent, tagWithVersion } from '../services/versioned-write';
import { EXPORT_REQUIRES_PREMIUM, reportAbilitiesOf, reportListAbilities, requirePremium, requirePremiumForType, withRoomForReport } from '../services/plan';
import { readerOf, recordsFor } from '../policies/patient-data';
import { renderRecordsPdf } from '../services/export/records-pdf';
import { consultationsWithTranscripts } from '../services/export/consultation-records';
import { personName } from '../../common/names';

const reportEntry = recordEntries('medical_report');

function audit(ctx: AppContext, action: string, patientId: string, resourceId?: string) {
  return recordAudit(ctx, reportEntry(action, patientId, resourceId));
}

const PREMIUM_TYPE_FIXED = 'A report cannot be changed to or from a premium analysis: those come only from the premium service.';

/** Premium analyses are made by the premium service, never by relabelling a report (nor relabelled away). */
function assertTypeChangeAllowed(report: MedicalReport, type: ReportType | undefined): void {
  if (type === undefined || type === report.type) return;
  if (PREMIUM_REPORT_TYPES.includes(type) || PREMIUM_REPORT_TYPES.includes(report.type)) throw new ValidationFailed(PREMIUM_TYPE_FIXED, { type: PREMIUM_TYPE_FIXED });
}

/** The patient's reports as answered to them, each with what they may do with it. */
async function presentOwnReports(patientId: string, reports: MedicalReport[]) {
  const abilities = await reportAbilitiesOf(patientId, reports);
  return reports.map((report, i) => presentOwnReport(report, abilities[i]!));
}

/** The patient's own medical reports: list (newest first), add by hand, read, correct, delete (with its original), export (Premium). */
export function registerMedicalReportsRoutes(router: Router): void {
  defineRoute(router, {
    method: 'get',
    path: '/medical-reports',
    summary: "The patient's medical reports, newest first",
    policy: patientOnly,
    response: listOf(ownReportResponse),
    handler: async (ctx) => {
      const patient = asPatient(ctx.state.actor);
      const reports = await listOwnReports(patient);
      await audit(ctx, 'report.list', patient.userId);
      return presentOwnReports(patient.userId, reports);
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/medical-reports/abilities',
    summary: "What the patient may do with their reports as a whole: add one more (and how many more the free plan takes), export them as a PDF",
    policy: patientOnly,
    response: reportListAbilitiesResponse,
    handler: (ctx) => reportListAbilities(asPatient(ctx.state.actor).userId),
  });

  defineRoute(router, {
    method: 'post',
    path: '/medical-reports',
    premiumRequired: 'the free plan already holds its reports, or the report is a premium analysis',
    summary: 'Add a medical report by hand',
    policy: patientOnly,
    body: medicalReportCreateSchema,
    response: ownReportResponse,
    status: 201,
    handler: async (ctx, { body: sent }) => {
      const patient = asPatient(ctx.state.actor);
      const body = zonedDays(sent, ['reportDate'], await accountTimeZone(patient.userId));
      const report = await withRoomForReport(patient.userId, body.type, async (trx) => {
        const added = await MedicalReport.query(trx).insert({ ...body, results: (body.results ?? null) as MedicalReport['results'], userId: patient.userId }).returning('*');
        await recordAuditIn(trx, ctx, reportEntry('report.create', patient.userId, added.id));
        return added;
      });
      const [abilities] = await reportAbilitiesOf(patient.userId, [report]);
      return presentOwnReport(report, abilities!);
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/medical-reports/export',
    premiumRequired: 'the caller is on the free plan',
    summary: "The patient's reports (with their results), medications, appointments and consultations (with their chat transcripts) as a PDF (Premium)",
    policy: patientOnly,
    query: recordsExportQuerySchema,
    response: recordsPdfFile,
    handler: async (ctx, { query }) => {
      const patient = asPatient(ctx.state.actor);
      await requirePremium(patient.userId, EXPORT_REQUIRES_PREMIUM);
      const generatedAt = new Date();
      const [user, { reports, medications, appointments }, consultations] = await Promise.all([
        User.query().findById(patient.userId).throwIfNotFound(),
        recordsFor(readerOf(ctx)),
        consultationsWithTranscripts(patient),
      ]);
      const pdf = await renderRecordsPdf({ patientName: personName(user), generatedAt, timeZone: query.timeZone, reports, medications, appointments, consultations });
      await audit(ctx, 'report.export', patient.userId);
      ctx.type = 'application/pdf';
      ctx.set('Content-Disposition', `attachment; filename="medivault-records-${generatedAt.toISOString().slice(0, 10)}.pdf"`);
      return pdf;
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/medical-reports/:id',
    premiumRequired: 'the report is a premium analysis and the caller is on the free plan',
    summary: 'One medical report',
    policy: patientOnly,
    response: ownReportResponse,
    handler: async (ctx, { params }) => {
      const patient = asPatient(ctx.state.actor);
      const report = await findOwnReport(patient, params.id!);
      await requirePremiumForType(patient.userId, report.type);
      await audit(ctx, 'report.read', patient.userId, report.id);
      const [presented] = await presentOwnReports(patient.userId, [tagWithVersion(ctx, report)]);
      return presented;
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/medical-reports/:id/versions',
    premiumRequired: 'the report is a premium analysis and the caller is on the free plan',
    summary: "A report's versions, newest first, each with who made it (patient, document or doctor)",
    policy: patientOnly,
    response: listOf(reportVersionResponse),
    handler: async (ctx, { params }) => {
      const patient = asPatient(ctx.state.actor);
      const report = await findOwnReport(patient, params.id!);
      await requirePremiumForType(patient.userId, report.type);
      const versions = await MedicalReportVersion.query().where('reportId', report.id).orderBy('version', 'desc');
      await audit(ctx, 'report.read_versions', patient.userId, report.id);
      return versions.map(presentReportVersion);
    },
  });

  defineRoute(router, {
    method: 'patch',
    path: '/medical-reports/:id',
    premiumRequired: 'the report is a premium analysis and the caller is on the free plan',
    summary: 'Correct a medical report',
    policy: patientOnly,
    body: medicalReportUpdateSchema,
    response: ownReportResponse,
    handler: async (ctx, { params, body: sent }) => {
      const patient = asPatient(ctx.state.actor);
      const report = await findOwnReport(patient, params.id!);
      const body = zonedDays(sent, ['reportDate'], await accountTimeZone(patient.userId));
      assertTypeChangeAllowed(report, body.type);
      await requirePremiumForType(patient.userId, report.type);
      const { isOfflineAvailable, ...content } = body;
      const change = {
        ...body,
        results: body.results as MedicalReport['results'] | undefined,
        // A content change is the patient's from now on; keeping it offline is not a change of content.
        ...(Object.keys(content).length ? { changedBy: 'patient' as const } : {}),
      };
      // Neither the type (to or from a premium analysis) nor the document can change here: the abilities stay the report's.
      const [abilities] = await reportAbilitiesOf(patient.userId, [report]);
      const present = (written: MedicalReport) => presentOwnReport(written, abilities!);
      const updated = await auditedWrite(
        ctx,
        (trx) => patchIfCurrent(ctx, report, change, present, trx),
        () => reportEntry('report.update', patient.userId, report.id),
        present,
      );
      return present(updated);
    },
  });

  defineRoute(router, {
    method: 'delete',
    path: '/medical-reports/:id',
    summary: 'Delete a medical report, its versions and the original it was read from, for good',
    policy: patientOnly,
    status: 204,
    handler: async (ctx, { params }) => {
      const patient = asPatient(ctx.state.actor);
      const report = await findOwnReport(patient, params.id!);
      await auditedWrite(
        ctx,
        async (trx) => {
          // Its versions go with it (ON DELETE CASCADE), and the original it was read from: no copy is left behind.
          await report.$query(trx).delete();
          if (report.documentId) await deleteDocument(report.documentId, trx);
        },
        () => reportEntry('report.delete', patient.userId, report.id),
      );
      return undefined;
    },
  });
}
