import type { Router } from '@koa/router';
import { defineRoute } from './define';
import { consultationGuestResponse, guestInvitationResponse, guestLinkResponse, guestSessionResponse, listOf } from '../presenters/response-schemas';
import { doctorOnly, guestOnly, patientOrDoctor, publicAccess } from '../policies/route-policy';
import { asDoctor, asGuest, asPatientOrDoctor } from '../policies/actor';
import { consultationFor } from '../policies/consultation';
import { consultationOfGuest, guestOf, guestsOf } from '../policies/consultation-guest';
import { guestInvitationSchema, guestJoinSchema, guestLinkSchema } from '../../common/schemas/guest';
import { approveGuest, endGuest, guestLink, guestLinkState, inviteGuest, joinAsGuest } from '../services/consultation-guests';
import { presentGuest, presentGuestSession } from '../presenters/consultation-guest';
import { recordAudit, recordAuditIn } from '../services/audit';
import { limitPerAddress } from '../services/request-limit';

/**
 * Guests in a call (issue 38): a consultation's sides invite, list and end its guests (anyone else: 404);
 * a guest link opened with a name starts a guest's session, which reaches that consultation alone.
 */
export function registerConsultationGuestsRoutes(router: Router): void {
  defineRoute(router, {
    method: 'get',
    path: '/consultations/:id/guests',
    summary: "A consultation's guests and their links' state (its patient and doctor only)",
    policy: patientOrDoctor,
    response: listOf(consultationGuestResponse),
    handler: async (ctx, { params }) => {
      const consultation = await consultationFor(asPatientOrDoctor(ctx.state.actor), params.id!);
      const [guests] = await Promise.all([
        guestsOf(consultation),
        recordAudit(ctx, { action: 'consultation.guest_list', outcome: 'success', resourceType: 'consultation', resourceId: consultation.id, patientId: consultation.patientId }),
      ]);
      return guests.map(presentGuest);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/consultations/:id/guests',
    summary:
      "A single-use guest link that expires (`expiresInMinutes`, 24 hours unless said). The doctor's works at once; the patient's once the doctor " +
      'approves it. The link is in this answer only (the server keeps its hash)',
    policy: patientOrDoctor,
    body: guestInvitationSchema,
    status: 201,
    response: guestInvitationResponse,
    answerHoldsSecrets: true,
    refusals: { 409: 'The consultation has ended, the call already has its most guests, or this server runs calls peer-to-peer (guests need the SFU)' },
    handler: async (ctx, { params, body }) => {
      const inviter = asPatientOrDoctor(ctx.state.actor);
      const consultation = await consultationFor(inviter, params.id!);
      const { guest, token } = await inviteGuest(ctx, consultation, inviter, body.expiresInMinutes);
      return { guest: presentGuest(guest), link: guestLink(ctx, token) };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/consultations/:id/guests/:guestId/approval',
    summary: 'The doctor approves a guest the patient asked for: their link works from now on',
    policy: doctorOnly,
    response: consultationGuestResponse,
    refusals: { 409: 'The guest is not awaiting approval' },
    handler: async (ctx, { params }) => {
      const consultation = await consultationFor(asDoctor(ctx.state.actor), params.id!);
      return presentGuest(await approveGuest(ctx, consultation, await guestOf(consultation, params.guestId!)));
    },
  });

  defineRoute(router, {
    method: 'delete',
    path: '/consultations/:id/guests/:guestId',
    summary: "Ends a guest's access: an unused link is withdrawn, a guest who came in is removed and their session ends",
    policy: patientOrDoctor,
    response: consultationGuestResponse,
    handler: async (ctx, { params }) => {
      const consultation = await consultationFor(asPatientOrDoctor(ctx.state.actor), params.id!);
      const guest = await guestOf(consultation, params.guestId!);
      return presentGuest(await endGuest(ctx.deps, consultation, guest, (trx, entry) => recordAuditIn(trx, ctx, entry)));
    },
  });

  const linkRefusals = {
    404: 'No guest link has this token',
    409: 'The patient asked for this guest and the doctor has not approved them yet',
    410: 'The link was used already, has expired or was withdrawn, or its consultation has ended',
  };

  defineRoute(router, {
    method: 'post',
    path: '/guest/link',
    summary:
      "Checks a guest link without using it up: the consultation's doctor and kind, or why the link cannot be used (a refusal of a known " +
      "link is audited as a refused join, in the patient's access history)",
    before: [limitPerAddress('guestJoin')],
    policy: publicAccess,
    body: guestLinkSchema,
    response: guestLinkResponse,
    refusals: linkRefusals,
    handler: (ctx, { body }) => guestLinkState(ctx, body.token),
  });

  defineRoute(router, {
    method: 'post',
    path: '/guest/join',
    summary:
      "Opens a guest link with the name the others will see: the link is used up and this browser gets a guest's session, which " +
      'reaches that one consultation and no record',
    before: [limitPerAddress('guestJoin')],
    policy: publicAccess,
    body: guestJoinSchema,
    status: 201,
    response: guestSessionResponse,
    refusals: linkRefusals,
    handler: async (ctx, { body }) => {
      const guest = await joinAsGuest(ctx, body.token, body.name);
      return presentGuestSession(guest, await consultationOfGuest(guest));
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/guest/session',
    summary: "The guest's own session: their name and the one consultation it reaches",
    policy: guestOnly,
    response: guestSessionResponse,
    handler: async (ctx) => {
      const guest = asGuest(ctx.state.actor);
      return presentGuestSession(guest, await consultationOfGuest(guest));
    },
  });
}
