import type { Router } from '@koa/router';
import { defineRoute } from './define';
import { doctorConsultationResponse, listOf, patientCountResponse, patientRecordsResponse, recordAccessResponse } from '../presenters/response-schemas';
import { doctorOnly } from '../policies/route-policy';
import { asDoctor } from '../policies/actor';
import { consultationsOf, consultationFor } from '../policies/consultation';
import { doctorConsultationList } from '../services/consultations/doctor-list';
import { doctorConsultationsQuerySchema } from '../../common/schemas/doctor-consultations';
import { readPage } from '../lib/paging';
import { recordAccessOf } from '../policies/patient-records';
import { readerOf, recordAbilitiesFor, recordsFor } from '../policies/patient-data';
import type { Consultation } from '../../db/models';
import type { AppContext } from '../context';
import { breakGlassSchema } from '../../common/schemas/break-glass';
import { openBreakGlass } from '../services/break-glass';
import { consultationStatusSchema } from '../../common/schemas/consultation';
import { changeConsultationStatus } from '../services/consultations/status';
import { settleCancelledConsultation } from '../services/payments/consultation-payments';
import { presentDoctorConsultation } from '../presenters/consultation';
import { presentReportForDoctor } from '../presenters/report';
import { provenanceOf } from '../services/report-provenance';
import { presentMedication } from '../presenters/medication';
import { accountTimeZone } from '../services/account-time-zone';
import { presentAppointment } from '../presenters/appointment';
import { recordAudit, recordAuditIn } from '../services/audit';

/** The doctor's consultations as they see them, each with what they may do with its patient's records. */
async function presentForDoctor(ctx: AppContext, consultations: Consultation[]) {
  const records = await recordAbilitiesFor(asDoctor(ctx.state.actor), ctx.deps.config.doctorAccessWindowMs, consultations.map((c) => c.patientId));
  return consultations.map((c) => presentDoctorConsultation(c, records.get(c.patientId)!));
}

/**
 * The doctor portal (spec section 7): a doctor reaches only their own consultations, and those patients'
 * records within the access window (or a break-glass grant); see policies/patient-records.ts.
 */
export function registerDoctorPortalRoutes(router: Router): void {
  defineRoute(router, {
    method: 'get',
    path: '/doctor/consultations',
    summary:
      "The doctor's consultations, newest first; `when` (upcoming or past), `patient` (part of the name), `status`, `from` and `to` filter them, `order` sorts by time, `limit` and `offset` page them (X-Total-Count: how many match)",
    policy: doctorOnly,
    query: doctorConsultationsQuerySchema,
    response: listOf(doctorConsultationResponse),
    handler: async (ctx, { query }) => {
      const doctor = asDoctor(ctx.state.actor);
      const consultations = await readPage(ctx, doctorConsultationList(doctor, query).withGraphFetched('[patient, doctor]'), query);
      // The list shows each patient's name and symptoms: one access row per patient whose data was shown.
      const patientIds = [...new Set(consultations.map((c) => c.patientId))];
      // The answer waits for its audit rows, not the work beside them.
      const [presented] = await Promise.all([
        presentForDoctor(ctx, consultations),
        ...patientIds.map((patientId) => recordAudit(ctx, { action: 'doctor.list_consultations', outcome: 'success', resourceType: 'consultation', patientId })),
      ]);
      return presented;
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/doctor/patient-count',
    summary: 'How many different patients the doctor has consultations with (the dashboard\'s Total Patients)',
    policy: doctorOnly,
    response: patientCountResponse,
    handler: async (ctx) => {
      const counted = (await consultationsOf(asDoctor(ctx.state.actor)).countDistinct('patientId as totalPatients').first()) as unknown as { totalPatients: string };
      return { totalPatients: Number(counted.totalPatients) };
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/doctor/consultation/:id',
    summary: "One of the doctor's consultations, with its patient",
    policy: doctorOnly,
    response: doctorConsultationResponse,
    handler: async (ctx, { params }) => {
      const consultation = await consultationFor(asDoctor(ctx.state.actor), params.id!);
      const [[presented]] = await Promise.all([
        presentForDoctor(ctx, [consultation]),
        recordAudit(ctx, {
          action: 'doctor.view_consultation',
          outcome: 'success',
          resourceType: 'consultation',
          resourceId: consultation.id,
          patientId: consultation.patientId,
        }),
      ]);
      return presented;
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/doctor/patient/:patientId/records',
    summary: 'Records of a patient the doctor treats',
    policy: doctorOnly,
    response: patientRecordsResponse,
    handler: async (ctx, { params }) => {
      const { patientId, reports, medications, appointments } = await recordsFor(readerOf(ctx), params.patientId!);
      const [provenance, timeZone] = await Promise.all([
        provenanceOf(reports),
        accountTimeZone(patientId),
        recordAudit(ctx, { action: 'doctor.view_records', outcome: 'success', resourceType: 'patient_records', resourceId: patientId, patientId }),
      ]);
      ctx.deps.reminders.alertRecordsOpened(patientId, asDoctor(ctx.state.actor).doctorId);
      return {
        reports: reports.map((report) => presentReportForDoctor(report, provenance.get(report.id)!)),
        medications: medications.map((m) => presentMedication(m, timeZone)),
        appointments: appointments.map(presentAppointment),
        timeZone,
      };
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/doctor/patients/:patientId/record-access',
    summary: "Whether the doctor may read a patient's records now: in care, by break-glass, or closed",
    policy: doctorOnly,
    response: recordAccessResponse,
    handler: (ctx, { params }) => recordAccessOf(asDoctor(ctx.state.actor), params.patientId!, ctx.deps.config.doctorAccessWindowMs),
  });

  defineRoute(router, {
    method: 'post',
    path: '/doctor/patients/:patientId/break-glass',
    summary: "Open a former patient's records outside the access window for a short time, giving a reason (audited, shown to the patient and to admins)",
    policy: doctorOnly,
    body: breakGlassSchema,
    status: 201,
    response: recordAccessResponse,
    handler: (ctx, { params, body }) => openBreakGlass(ctx, asDoctor(ctx.state.actor), params.patientId!, body.reason),
  });

  defineRoute(router, {
    method: 'put',
    path: '/doctor/consultation/:id/status',
    summary: 'Start, complete or cancel a consultation',
    policy: doctorOnly,
    body: consultationStatusSchema,
    response: doctorConsultationResponse,
    handler: async (ctx, { params, body }) => {
      const doctor = asDoctor(ctx.state.actor);
      const consultation = await consultationFor(doctor, params.id!);
      const updated = await changeConsultationStatus(ctx.deps.realtime, consultation.id, body.status, body, (trx) =>
        recordAuditIn(trx, ctx, {
          action: `doctor.consultation_${body.status}`,
          outcome: 'success',
          resourceType: 'consultation',
          resourceId: consultation.id,
          patientId: consultation.patientId,
        }),
      );
      const settled = await settleCancelledConsultation(ctx.deps, updated, 'doctor');
      // A status change alters neither the patient's contact details nor the doctor's name: the ones read above serve.
      settled.$setRelated('patient', consultation.patient);
      settled.$setRelated('doctor', consultation.doctor);
      const [presented] = await presentForDoctor(ctx, [settled]);
      return presented;
    },
  });
}
