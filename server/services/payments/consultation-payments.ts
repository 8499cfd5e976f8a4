import type Stripe from 'stripe';
import type { Knex } from 'knex';
import { Consultation, Payment } from '../../../db/models';
import { consultationMachine } from '../../../common/consultation-status';
import { paymentMachine } from '../../../common/payment-status';
import { DEFAULT_CURRENCY, type PaymentStatus } from '../../../common/constants';
import { doctorLabel } from '../../../common/names';
import { Conflict } from '../../errors';
import type { AppDeps } from '../../context';
import { stripeOf } from './gateway';
import { customerOf } from './customers';
import { withAdvisoryLock } from '../../lib/advisory-lock';
import { cancellationIsRefunded } from './refund-rule';
import { assertDoctorStillPractising } from '../doctor-standing';
import type { AuditOfWrite } from '../audit';
import { announcePayment } from '../consultations/announce';

/** PaymentIntent statuses in which the browser can still pay with the same client secret. */
const PAYABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

export interface FeeCheckout {
  clientSecret: string;
  amount: number;
}

/**
 * The PaymentIntent for a booked consultation's fee (the doctor's fee as booked, never the client's): made
 * once per consultation and reused while it can still be paid, so a declined card is simply retried.
 * `audit` runs in the transaction that stores the payment (the request's audit row and its answer).
 */
export async function feeCheckout(deps: AppDeps, consultation: Consultation, audit: AuditOfWrite<FeeCheckout>, idempotencyKey?: string): Promise<FeeCheckout> {
  // One at a time per consultation, so two tabs get the same PaymentIntent rather than one each.
  return withAdvisoryLock(deps.knex, `consultation-fee:${consultation.id}`, async () => {
    const current = (await Consultation.query().findById(consultation.id).withGraphFetched('doctor'))!;
    return checkoutFee(deps, current, audit, idempotencyKey);
  });
}

/** What a checkout answers when Stripe already has the fee but its webhook has not reached this server yet. */
export const ALREADY_PAID_MESSAGE = 'This consultation is already paid.';
const PAYMENT_PROCESSING_MESSAGE = 'Your payment for this consultation is being processed: it shows as paid once your card provider confirms it.';

/**
 * Refuses a second payment of a fee Stripe already took (or is taking) though its webhook is late: a new
 * PaymentIntent would charge the card twice. One already taken is recorded now; the webhook then changes nothing.
 */
async function refuseIfAlreadyTaken(deps: AppDeps, consultation: Consultation, intent: Stripe.PaymentIntent): Promise<void> {
  if (intent.status === 'processing') throw new Conflict(PAYMENT_PROCESSING_MESSAGE);
  if (intent.status !== 'succeeded') return;
  await recordTakenFee(deps, consultation.id);
  throw new Conflict(ALREADY_PAID_MESSAGE);
}

/**
 * What follows a fee recorded paid, once committed: both sides' screens are told, and a fee paid for a
 * consultation cancelled meanwhile is refunded in full.
 */
export async function afterFeePaid(deps: AppDeps, consultation: Consultation): Promise<void> {
  announcePayment(deps.realtime, consultation);
  if (consultation.status === 'cancelled') await settleCancelledConsultation(deps, consultation, 'doctor');
}

/** Records a fee Stripe took whose webhook has not come yet, as the webhook would (see afterFeePaid). */
async function recordTakenFee(deps: AppDeps, consultationId: string): Promise<void> {
  const paid = await Consultation.transaction(async (trx) => ((await movePayment(trx, consultationId, 'paid')) ? Consultation.query(trx).findById(consultationId) : undefined));
  if (paid) await afterFeePaid(deps, paid);
}

/**
 * After the browser has paid: asks Stripe at once whether the fee went through, rather than waiting for its
 * webhook (which may be late), and records it as the webhook would if so. The move from unpaid to paid is
 * made once, under the consultation's row lock, whichever of the two comes first.
 */
export async function syncFeePayment(deps: AppDeps, consultation: Consultation): Promise<void> {
  const stripe = stripeOf(deps.config);
  if (!paymentMachine.can(consultation.paymentStatus, 'succeed')) return;
  const intentId = (await Payment.query().findOne({ consultationId: consultation.id }))?.stripePaymentIntentId;
  if (intentId && (await stripe.paymentIntents.retrieve(intentId)).status === 'succeeded') await recordTakenFee(deps, consultation.id);
}

async function checkoutFee(deps: AppDeps, consultation: Consultation, audit: AuditOfWrite<FeeCheckout>, idempotencyKey?: string): Promise<FeeCheckout> {
  const stripe = stripeOf(deps.config);
  if (consultationMachine.isFinal(consultation.status)) throw new Conflict('This consultation is over: there is nothing to pay.');
  if (!paymentMachine.can(consultation.paymentStatus, 'succeed')) throw new Conflict(ALREADY_PAID_MESSAGE);
  if (consultation.fee <= 0) throw new Conflict('This consultation has no fee to pay.');
  assertDoctorStillPractising(consultation.doctor!, 'there is nothing to pay');
  const existing = await Payment.query().findOne({ consultationId: consultation.id });
  if (existing?.stripePaymentIntentId) {
    const intent = await stripe.paymentIntents.retrieve(existing.stripePaymentIntentId);
    await refuseIfAlreadyTaken(deps, consultation, intent);
    if (PAYABLE.has(intent.status) && intent.client_secret) {
      const reused = { clientSecret: intent.client_secret, amount: intent.amount };
      await Payment.transaction((trx) => audit(trx, reused));
      return reused;
    }
  }
  const doctor = await consultation.$relatedQuery('doctor');
  const customer = await customerOf(stripe, consultation.patientId);
  const intent = await stripe.paymentIntents.create(
    {
      amount: consultation.fee,
      currency: DEFAULT_CURRENCY,
      customer,
      automatic_payment_methods: { enabled: true },
      description: `Consultation with ${doctorLabel(doctor.name)}`,
      metadata: { consultationId: consultation.id },
    },
    idempotencyKey ? { idempotencyKey: `consultation-fee:${idempotencyKey}` } : undefined,
  );
  const row = { userId: consultation.patientId, consultationId: consultation.id, stripePaymentIntentId: intent.id, amount: intent.amount, currency: intent.currency, status: 'pending' as const, description: intent.description, updatedAt: new Date() };
  const checkout = { clientSecret: intent.client_secret!, amount: intent.amount };
  await Payment.transaction(async (trx) => {
    await Payment.query(trx).insert(row).onConflict('consultationId').merge(['stripePaymentIntentId', 'amount', 'status', 'updatedAt']);
    await audit(trx, checkout);
  });
  return checkout;
}

/**
 * Moves a consultation's payment (and its payments row) as the table in common/payment-status allows; a
 * move the table refuses (a late 'failed' after 'paid') changes nothing.
 */
export async function movePayment(trx: Knex.Transaction, consultationId: string, to: PaymentStatus): Promise<boolean> {
  const consultation = await Consultation.query(trx).findById(consultationId).forUpdate();
  if (!consultation || !paymentMachine.canTransition(consultation.paymentStatus, to)) return false;
  await consultation.$query(trx).patch({ paymentStatus: to });
  await Payment.query(trx).patch({ status: to, updatedAt: new Date() }).where({ consultationId });
  return true;
}

/**
 * Asks Stripe to refund a cancelled consultation's fee (one refund per consultation, by its idempotency key,
 * and Stripe refuses a second full refund) and records it: the fee `refunded`, nothing due any more. Throws
 * when Stripe cannot be reached.
 */
export async function refundFee(deps: AppDeps, consultationId: string, intentId: string): Promise<void> {
  try {
    await stripeOf(deps.config).refunds.create(
      { payment_intent: intentId, reason: 'requested_by_customer', metadata: { consultationId } },
      { idempotencyKey: `refund:${consultationId}` },
    );
  } catch (err) {
    // Made before, but not recorded here (a crash between the two, and Stripe's idempotency keys last 24 hours): record it now.
    if ((err as Stripe.errors.StripeError).code !== 'charge_already_refunded') throw err;
  }
  await Consultation.transaction(async (trx) => {
    await movePayment(trx, consultationId, 'refunded');
    await Consultation.query(trx).patch({ refundDueAt: null }).findById(consultationId);
  });
  deps.log.info({ consultationId }, 'consultation fee refunded');
}

/**
 * After a cancellation: a paid fee is refunded in full when the rule says so; an unpaid one can no longer be
 * paid (its PaymentIntent is cancelled). Runs after the cancellation is committed; Stripe's answer is awaited.
 * A refund owed is written down (`refundDueAt`) before Stripe is asked, so one Stripe could not make is asked
 * again by the refund sweep (refund-retry.ts) and the patient is told it is pending, not that it is kept.
 */
export async function settleCancelledConsultation(deps: AppDeps, consultation: Consultation, by: 'patient' | 'doctor', doctorWithdrawn = false): Promise<Consultation> {
  if (consultation.status !== 'cancelled' || !deps.config.stripe) return consultation;
  const payment = await Payment.query().findOne({ consultationId: consultation.id });
  const intentId = payment?.stripePaymentIntentId;
  if (!intentId) return consultation;
  // The rule is applied at the moment the cancellation was committed, not when this runs, and to the doctor's
  // standing the patient's cancellation was checked against (`doctorWithdrawn`).
  const facts = { by, at: consultation.cancelledAt ?? new Date(), doctorWithdrawn };
  if (consultation.paymentStatus === 'paid' && !cancellationIsRefunded(consultation, facts)) return consultation;
  try {
    if (consultation.paymentStatus === 'paid') {
      await Consultation.query().patch({ refundDueAt: new Date() }).findById(consultation.id).where('paymentStatus', 'paid');
      await refundFee(deps, consultation.id, intentId);
    } else {
      await cancelIntent(stripeOf(deps.config), intentId);
      await Payment.query().patch({ status: 'canceled', updatedAt: new Date() }).where({ consultationId: consultation.id }).whereIn('status', ['pending', 'failed']);
    }
  } catch (err) {
    // The cancellation stands; a refund owed stays due for the refund sweep (docs/integrations.md 'Payments (Stripe)').
    deps.log.error({ consultationId: consultation.id, by, error: (err as Error).message }, 'consultation payment could not be settled with Stripe after a cancellation');
  }
  // The cancellation's own status push went out before this: the screens read the fee again now.
  announcePayment(deps.realtime, consultation);
  return (await Consultation.query().findById(consultation.id))!;
}

async function cancelIntent(stripe: Stripe, intentId: string): Promise<void> {
  try {
    await stripe.paymentIntents.cancel(intentId);
  } catch (err) {
    // Already cancelled (or paid meanwhile: its webhook then finds the consultation cancelled, see webhook-events).
    if ((err as Stripe.errors.StripeError).statusCode !== 400) throw err;
  }
}
