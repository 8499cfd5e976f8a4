import type { Router } from '@koa/router';
import { defineRoute } from './define';
import { chatTranscriptResponse } from '../presenters/response-schemas';
import { patientOrDoctor } from '../policies/route-policy';
import { asPatientOrDoctor } from '../policies/actor';
import { consultationFor } from '../policies/consultation';
import { chatTranscriptQuerySchema } from '../../common/schemas/chat';
import { personName } from '../../common/names';
import { chatPage } from '../services/chat-transcript';
import { recordAudit } from '../services/audit';

/**
 * A consultation's chat transcript, for its patient and its doctor only (anyone else: 404), while it runs
 * and after it ends: read-only, newest page first, older pages by `before` (the first line's id).
 */
export function registerConsultationChatRoutes(router: Router): void {
  defineRoute(router, {
    method: 'get',
    path: '/consultations/:id/chat',
    summary: "A consultation's chat transcript, a page at a time, oldest line first (its patient and doctor only)",
    policy: patientOrDoctor,
    query: chatTranscriptQuerySchema,
    response: chatTranscriptResponse,
    handler: async (ctx, { params, query }) => {
      const consultation = await consultationFor(asPatientOrDoctor(ctx.state.actor), params.id!);
      const names = { patient: personName(consultation.patient!), doctor: consultation.doctor!.name };
      const [page] = await Promise.all([
        chatPage(consultation.id, names, query),
        recordAudit(ctx, { action: 'consultation.chat_history', outcome: 'success', resourceType: 'consultation', resourceId: consultation.id, patientId: consultation.patientId }),
      ]);
      return page;
    },
  });
}
