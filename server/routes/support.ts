import type { Router } from '@koa/router';
import { defineRoute } from './define';
import { listOf, queuedSupportRequestResponse, supportRequestResponse } from '../presenters/response-schemas';
import { adminOnly, patientOnly } from '../policies/route-policy';
import { actorId, asPatient } from '../policies/actor';
import { findOwnSupportRequest, supportQueue, supportRequestsOf } from '../policies/support-request';
import { supportAnswerSchema, supportQueueQuerySchema, supportRequestSchema } from '../../common/schemas/support';
import { presentQueuedSupportRequest, presentSupportRequest } from '../presenters/support-request';
import { auditedWrite, recordAudit, recordEntries } from '../services/audit';
import { hasPremium } from '../services/plan';
import { limitPerAccount } from '../services/request-limit';
import { readAuditedPage } from '../services/audited-page';
import { Conflict, NotFound } from '../errors';
import { SupportRequest } from '../../db/models';

const ALREADY_ANSWERED = 'This request has already been answered. The patient has been told; write to them again from a new request if needed.';
const supportEntry = recordEntries('support_request');

/**
 * Support: a patient writes to the support team and reads the answers; the admin answers from a queue
 * where Premium's requests (priority support) come first, and the patient is told (bell and push).
 */
export function registerSupportRoutes(router: Router): void {
  defineRoute(router, {
    method: 'post',
    path: '/support-requests',
    summary: 'Write to the support team (Premium: answered first)',
    before: [limitPerAccount('supportRequest')],
    policy: patientOnly,
    body: supportRequestSchema,
    status: 201,
    response: supportRequestResponse,
    handler: async (ctx, { body }) => {
      const patient = asPatient(ctx.state.actor);
      const priority = await hasPremium(patient.userId);
      const request = await auditedWrite(
        ctx,
        (trx) => SupportRequest.query(trx).insert({ ...body, userId: patient.userId, priority }).returning('*'),
        (written) => supportEntry('support_request.create', patient.userId, written.id),
        presentSupportRequest,
      );
      return presentSupportRequest(request);
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/support-requests',
    summary: "The patient's support requests and their answers, newest first",
    policy: patientOnly,
    response: listOf(supportRequestResponse),
    handler: async (ctx) => {
      const patient = asPatient(ctx.state.actor);
      const [requests] = await Promise.all([supportRequestsOf(patient).orderBy('createdAt', 'desc'), recordAudit(ctx, supportEntry('support_request.list', patient.userId))]);
      return requests.map(presentSupportRequest);
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/support-requests/:id',
    summary: "One of the patient's support requests (anyone else's answers 404)",
    policy: patientOnly,
    response: supportRequestResponse,
    handler: async (ctx, { params }) => {
      const patient = asPatient(ctx.state.actor);
      const request = await findOwnSupportRequest(patient, params.id!);
      await recordAudit(ctx, supportEntry('support_request.read', patient.userId, request.id));
      return presentSupportRequest(request);
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/admin/support-requests',
    summary: 'The support queue: unanswered first, Premium (priority) before the rest, longest waiting first; then answered ones. `limit` and `offset` page it',
    policy: adminOnly,
    query: supportQueueQuerySchema,
    response: listOf(queuedSupportRequestResponse),
    handler: async (ctx, { query }) => {
      const requests = await readAuditedPage(ctx, supportQueue(), query, { action: 'admin.list_support_requests', outcome: 'success', resourceType: 'support_request' });
      return requests.map(presentQueuedSupportRequest);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/admin/support-requests/:id/answer',
    summary: "Answer a support request; the patient is told (bell and push). Answered once: a second answer is refused (409)",
    policy: adminOnly,
    body: supportAnswerSchema,
    response: queuedSupportRequestResponse,
    refusals: { 404: 'no such support request', 409: 'the request has already been answered' },
    handler: async (ctx, { params, body }) => {
      const existing = await SupportRequest.query().findById(params.id!);
      if (!existing) throw new NotFound('Support request not found.');
      const answered = await auditedWrite(
        ctx,
        async (trx) => {
          const [row] = (await SupportRequest.query(trx)
            .patch({ answer: body.answer, answeredBy: actorId(ctx.state.actor), answeredAt: new Date() })
            .where('id', existing.id)
            .whereNull('answeredAt')
            .returning('*')) as unknown as SupportRequest[];
          if (!row) throw new Conflict(ALREADY_ANSWERED);
          return row;
        },
        (row) => supportEntry('support_request.answer', row.userId, row.id),
      );
      ctx.deps.reminders.tellSupportAnswered(answered.id);
      const [queued] = await supportQueue().where('supportRequests.id', answered.id);
      return presentQueuedSupportRequest(queued!);
    },
  });
}
