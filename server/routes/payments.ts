import type { Router } from '@koa/router';
import { defineRoute } from './define';
import {
  consultationResponse,
  paymentCheckoutResponse,
  paymentIntentResponse,
  paymentsConfigResponse,
  premiumSubscriptionResponse,
  userResponse,
  webhookAcceptedResponse,
} from '../presenters/response-schemas';
import { anySignedIn, patientOnly, publicAccess } from '../policies/route-policy';
import { asPatient } from '../policies/actor';
import { consultationFor } from '../policies/consultation';
import { emptyBodySchema, paymentIntentSchema, requestedPlan } from '../../common/schemas/misc';
import { NotFound } from '../errors';
import { FREE_CANCELLATION_HOURS } from '../../common/payment-status';
import { auditWithAnswer, recordAudit, type AuditEntry } from '../services/audit';
import { presentReloadedConsultation } from '../presenters/consultation';
import { cancelPremiumAtPeriodEnd, grantTestPremium, premiumStatusOf, startPremium, syncPremium, type PremiumCheckout, type PremiumStatus } from '../services/payments/premium';
import { feeCheckout, syncFeePayment, type FeeCheckout } from '../services/payments/consultation-payments';
import { applyStripeEvent, verifiedEvent } from '../services/payments/webhook-events';
import { presentPremiumStatus } from '../presenters/premium';
import { presentUser } from '../presenters/user';
import type { AppContext } from '../context';

/** Stripe's events are small; anything near this is not one of them. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

const paymentEntry = (action: string): AuditEntry => ({ action, outcome: 'success', resourceType: 'payment' });

/** The client's Idempotency-Key for this attempt, handed on to Stripe so a retried attempt charges nothing twice. */
const clientAttemptKey = (ctx: AppContext) => ctx.get('Idempotency-Key') || undefined;

const subscriptionAnswer = (status: PremiumStatus | null) => ({ subscription: presentPremiumStatus(status) });

/** Premium subscriptions and consultation fees through Stripe, its webhooks, and Testing Mode. */
export function registerPaymentsRoutes(router: Router): void {
  defineRoute(router, {
    method: 'get',
    path: '/payments/config',
    summary: "Whether this server takes payments, Stripe's publishable key, whether Testing Mode is offered, and the consultation refund rule's hours",
    policy: anySignedIn,
    response: paymentsConfigResponse,
    handler: (ctx) => {
      const { stripe, premiumTestMode } = ctx.deps.config;
      return { configured: Boolean(stripe), publishableKey: stripe?.publishableKey ?? null, testMode: premiumTestMode, freeCancellationHours: FREE_CANCELLATION_HOURS };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/create-payment-intent',
    summary: 'Start Premium for a plan: the client secret of its first invoice, at the plan price (a body amount is ignored)',
    policy: patientOnly,
    body: paymentIntentSchema,
    response: paymentIntentResponse,
    handler: async (ctx, { body }) => {
      const patient = asPatient(ctx.state.actor);
      const audit = auditWithAnswer(ctx, (checkout: PremiumCheckout) => paymentEntry(`premium.checkout_${checkout.plan}`), (checkout) => checkout);
      return startPremium(ctx.deps, patient.userId, requestedPlan(body), audit, clientAttemptKey(ctx));
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/subscription',
    summary: 'The subscription that gives the user Premium, if any',
    policy: patientOnly,
    response: premiumSubscriptionResponse,
    handler: async (ctx) => subscriptionAnswer(await premiumStatusOf(asPatient(ctx.state.actor).userId)),
  });

  defineRoute(router, {
    method: 'post',
    path: '/subscription/sync',
    summary: "After paying: ask Stripe whether Premium's first payment went through (its webhook may be late), and answer the subscription as it now stands",
    policy: patientOnly,
    body: emptyBodySchema,
    response: premiumSubscriptionResponse,
    handler: async (ctx) => {
      const { userId } = asPatient(ctx.state.actor);
      return subscriptionAnswer(await syncPremium(ctx.deps, userId, auditWithAnswer(ctx, () => paymentEntry('premium.sync'))));
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/subscription/cancel',
    summary: 'Cancel Premium at the end of the paid period (a Testing Mode grant ends at once)',
    policy: patientOnly,
    body: emptyBodySchema,
    response: premiumSubscriptionResponse,
    handler: async (ctx) => {
      const { userId } = asPatient(ctx.state.actor);
      const status = await cancelPremiumAtPeriodEnd(ctx.deps, userId, auditWithAnswer(ctx, () => paymentEntry('premium.cancel'), subscriptionAnswer));
      return subscriptionAnswer(status);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/test/grant-premium',
    summary: 'Testing Mode: Premium without paying (404 in production)',
    policy: patientOnly,
    body: emptyBodySchema,
    response: userResponse,
    handler: async (ctx) => {
      if (!ctx.deps.config.premiumTestMode) throw new NotFound();
      const { userId } = asPatient(ctx.state.actor);
      return presentUser(await grantTestPremium(userId, auditWithAnswer(ctx, () => paymentEntry('premium.test_grant'), presentUser)));
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/consultations/:id/payment',
    summary: "Pay a booked consultation's fee: the client secret of its PaymentIntent, for the doctor's fee",
    policy: patientOnly,
    body: emptyBodySchema,
    response: paymentCheckoutResponse,
    refusals: { 409: 'The consultation is over, already paid or has no fee, or the clinic has withdrawn its doctor' },
    handler: async (ctx, { params }) => {
      const consultation = await consultationFor(asPatient(ctx.state.actor), params.id!);
      const entry: AuditEntry = { action: 'consultation.payment_checkout', outcome: 'success', resourceType: 'consultation', resourceId: consultation.id, patientId: consultation.patientId };
      return feeCheckout(ctx.deps, consultation, auditWithAnswer(ctx, () => entry, (checkout: FeeCheckout) => checkout), clientAttemptKey(ctx));
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/consultations/:id/payment/sync',
    summary: "After paying: ask Stripe whether the consultation's fee went through (its webhook may be late), and answer the consultation as it now stands",
    policy: patientOnly,
    body: emptyBodySchema,
    response: consultationResponse,
    handler: async (ctx, { params }) => {
      const consultation = await consultationFor(asPatient(ctx.state.actor), params.id!);
      await syncFeePayment(ctx.deps, consultation);
      await recordAudit(ctx, { action: 'consultation.payment_sync', outcome: 'success', resourceType: 'consultation', resourceId: consultation.id, patientId: consultation.patientId });
      return presentReloadedConsultation(consultation);
    },
  });

  defineRoute<Buffer>(router, {
    method: 'post',
    path: '/webhooks/stripe',
    summary: "Stripe's events, signed with STRIPE_WEBHOOK_SECRET: each applied once by its id",
    policy: publicAccess,
    ownBody: { limitBytes: WEBHOOK_BODY_LIMIT, tooLargeMessage: 'A Stripe event is never this large.', raw: true },
    response: webhookAcceptedResponse,
    refusals: { 400: 'The Stripe-Signature header is missing, or does not sign this body with STRIPE_WEBHOOK_SECRET within the tolerance' },
    handler: async (ctx, { body }) => {
      const event = verifiedEvent(ctx.deps, body, ctx.get('Stripe-Signature') || undefined);
      await applyStripeEvent(ctx.deps, event);
      return { received: true as const };
    },
  });
}
