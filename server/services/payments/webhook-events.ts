import Stripe from 'stripe';
import type { Knex } from 'knex';
import { Consultation, Payment } from '../../../db/models';
import { paymentMachine } from '../../../common/payment-status';
import type { PaymentStatus } from '../../../common/constants';
import { MalformedRequest } from '../../errors';
import type { AppDeps } from '../../context';
import { stripeOf, stripeSettingsOf } from './gateway';
import { userOfCustomer } from './customers';
import { applySubscription } from './premium';
import { afterFeePaid, movePayment } from './consultation-payments';
import { announcePayment } from '../consultations/announce';

/** How old a signed webhook may be (Stripe's own default): an older one is a replay and is refused. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The event, if the body carries a valid Stripe signature made with our signing secret within the tolerance; else 400. */
export function verifiedEvent(deps: AppDeps, rawBody: Buffer, signature: string | undefined): Stripe.Event {
  const { webhookSecret } = stripeSettingsOf(deps.config);
  if (!signature) throw new MalformedRequest('Missing Stripe-Signature header.');
  try {
    return stripeOf(deps.config).webhooks.constructEvent(rawBody, signature, webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeSignatureVerificationError) throw new MalformedRequest('The Stripe signature is invalid or too old.');
    throw err;
  }
}

/** A payments row may move as a consultation's payment does; a cancelled PaymentIntent moves no more. */
function rowMayMove(from: Payment['status'], to: PaymentStatus): boolean {
  return from !== 'canceled' && paymentMachine.canTransition(from, to);
}

/** A subscription invoice paid or failed: its payments row (a renewal's is made here) follows. */
async function recordInvoice(trx: Knex.Transaction, invoice: Stripe.Invoice, to: 'paid' | 'failed'): Promise<void> {
  const user = await userOfCustomer(invoice.customer as string | null, trx);
  if (!user) return;
  const subscription = invoice.parent?.subscription_details?.subscription;
  await Payment.query(trx)
    .insert({
      userId: user.id,
      stripeInvoiceId: invoice.id,
      stripeSubscriptionId: typeof subscription === 'string' ? subscription : (subscription?.id ?? null),
      amount: invoice.amount_due,
      currency: invoice.currency,
      status: 'pending',
      description: invoice.description ?? 'MediVault Premium',
    })
    .onConflict('stripeInvoiceId')
    .ignore();
  const row = await Payment.query(trx).findOne({ stripeInvoiceId: invoice.id }).forUpdate();
  if (row && rowMayMove(row.status, to)) await row.$query(trx).patch({ status: to, updatedAt: new Date() });
}

type AfterCommit = () => Promise<unknown>;

/** A consultation fee paid or failed; a fee paid for a consultation cancelled meanwhile is refunded once committed. */
async function recordFee(deps: AppDeps, trx: Knex.Transaction, intent: Stripe.PaymentIntent, to: 'paid' | 'failed', after: AfterCommit[]): Promise<void> {
  const consultationId = intent.metadata?.consultationId;
  if (!consultationId || !(await movePayment(trx, consultationId, to))) return;
  const consultation = await Consultation.query(trx).findById(consultationId);
  if (!consultation) return;
  after.push(async () => (to === 'paid' ? afterFeePaid(deps, consultation) : announcePayment(deps.realtime, consultation)));
}

async function applyEvent(deps: AppDeps, trx: Knex.Transaction, event: Stripe.Event, after: AfterCommit[]): Promise<void> {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return applySubscription(trx, event.data.object, event.created);
    case 'invoice.paid':
      return recordInvoice(trx, event.data.object, 'paid');
    case 'invoice.payment_failed':
      return recordInvoice(trx, event.data.object, 'failed');
    case 'payment_intent.succeeded':
      return recordFee(deps, trx, event.data.object, 'paid', after);
    case 'payment_intent.payment_failed':
      return recordFee(deps, trx, event.data.object, 'failed', after);
    default:
      return undefined;
  }
}

/**
 * Applies a verified event exactly once: its id is written in the same transaction as its effect, so a
 * second delivery (even one running at the same moment, which waits on the first's unique key) finds it
 * and changes nothing. Answers whether this delivery applied it.
 */
export async function applyStripeEvent(deps: AppDeps, event: Stripe.Event): Promise<boolean> {
  const after: AfterCommit[] = [];
  const applied = await deps.knex.transaction(async (trx) => {
    const inserted = await trx('stripe_events').insert({ id: event.id, type: event.type }).onConflict('id').ignore().returning('id');
    if (inserted.length === 0) return false;
    await applyEvent(deps, trx, event, after);
    return true;
  });
  for (const task of after) await task();
  deps.log.info({ stripeEvent: event.id, type: event.type, applied }, 'stripe webhook');
  return applied;
}
