import type { Router } from '@koa/router';
import { defineRoute } from './define';
import { consultationResponse, listOf } from '../presenters/response-schemas';
import { patientOnly } from '../policies/route-policy';
import { asPatient } from '../policies/actor';
import { consultationsOf, consultationFor } from '../policies/consultation';
import { consultationCancelSchema, consultationInsertSchema, consultationRescheduleSchema } from '../../common/schemas/consultation';
import { bookConsultation, rescheduleConsultation } from '../services/consultations/booking';
import { cancelAsPatient } from '../services/consultations/patient-cancellation';
import { presentConsultation, presentReloadedConsultation } from '../presenters/consultation';
import { recordAudit, recordAuditIn, type AuditOfWrite } from '../services/audit';
import type { Consultation } from '../../db/models';
import type { AppContext } from '../context';

const consultationEntry = (action: string) => (consultation: Consultation) => ({
  action,
  outcome: 'success' as const,
  resourceType: 'consultation',
  resourceId: consultation.id,
  patientId: consultation.patientId,
});

/** The request's audit row for a change to a consultation, stored in the change's own transaction. */
const auditChange =
  (ctx: AppContext, action: string): AuditOfWrite<Consultation> =>
  (trx, consultation) =>
    recordAuditIn(trx, ctx, consultationEntry(action)(consultation));

/** The patient's side: book, list, read, cancel and reschedule their own consultations. */
export function registerConsultationsRoutes(router: Router): void {
  defineRoute(router, {
    method: 'get',
    path: '/consultations',
    summary: "The patient's consultations",
    policy: patientOnly,
    response: listOf(consultationResponse),
    handler: async (ctx) => {
      const patient = asPatient(ctx.state.actor);
      const consultations = await consultationsOf(patient).withGraphFetched('doctor').orderBy('appointmentDate', 'desc');
      await recordAudit(ctx, { action: 'consultation.list', outcome: 'success', resourceType: 'consultation', patientId: patient.userId });
      return consultations.map(presentConsultation);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/consultations',
    summary: 'Book a consultation with a doctor',
    policy: patientOnly,
    body: consultationInsertSchema,
    status: 201,
    response: consultationResponse,
    handler: async (ctx, { body }) => {
      const patient = asPatient(ctx.state.actor);
      const consultation = await bookConsultation(ctx.deps.realtime, patient.userId, body, auditChange(ctx, 'consultation.book'));
      return presentReloadedConsultation(consultation);
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/consultations/:id',
    summary: 'One consultation',
    policy: patientOnly,
    response: consultationResponse,
    handler: async (ctx, { params }) => {
      const consultation = await consultationFor(asPatient(ctx.state.actor), params.id!);
      await recordAudit(ctx, consultationEntry('consultation.read')(consultation));
      return presentConsultation(consultation);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/consultations/:id/cancel',
    summary:
      "Cancel a consultation. A paid fee is refunded as its `cancellation` said; with `refundAmount` (the refund the patient was shown), " +
      'a cancellation that would now refund another amount is refused (409) and nothing is cancelled',
    policy: patientOnly,
    body: consultationCancelSchema,
    response: consultationResponse,
    refusals: { 409: 'The consultation can no longer be cancelled, or cancelling now would refund another amount than the refundAmount sent' },
    handler: async (ctx, { params, body }) => {
      const owned = await consultationFor(asPatient(ctx.state.actor), params.id!);
      return presentReloadedConsultation(await cancelAsPatient(ctx, owned, body.refundAmount));
    },
  });

  defineRoute(router, {
    method: 'patch',
    path: '/consultations/:id',
    summary: 'Reschedule a consultation',
    policy: patientOnly,
    body: consultationRescheduleSchema,
    response: consultationResponse,
    handler: async (ctx, { params, body }) => {
      const owned = await consultationFor(asPatient(ctx.state.actor), params.id!);
      const moved = await rescheduleConsultation(ctx.deps.realtime, owned.id, body.appointmentDate, auditChange(ctx, 'consultation.reschedule'));
      return presentReloadedConsultation(moved);
    },
  });
}
