import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import type { Knex } from 'knex';
import { DEFAULT_CURRENCY, PLANS, type PlanId } from '../../../common/constants';
import { Payment, Subscription, User } from '../../../db/models';
import { Conflict, NotFound } from '../../errors';
import type { AppDeps } from '../../context';
import { stripeOf } from './gateway';
import { withAdvisoryLock } from '../../lib/advisory-lock';
import { customerOf, userOfCustomer } from './customers';
import type { AuditOfWrite } from '../audit';

/** Stripe statuses in which the subscriber has Premium: past_due keeps it while Stripe retries the card. */
const PREMIUM_STATUSES = new Set(['active', 'trialing', 'past_due']);
/** Statuses a subscription never leaves. */
const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired']);
/** Between two events of the same second, the one further along wins (an 'incomplete' cannot follow 'active'). */
const STATUS_RANK: Record<string, number> = { incomplete: 0, canceled: 2, incomplete_expired: 2 };
const rank = (status: string) => STATUS_RANK[status] ?? 1;

/** Grants from Testing Mode carry an id of this shape instead of a Stripe subscription's. */
const TEST_GRANT_PREFIX = 'testmode_';
const isTestGrant = (subscriptionId: string) => subscriptionId.startsWith(TEST_GRANT_PREFIX);

const PRODUCT_ID = 'medivault_premium';
const products = new WeakMap<Stripe, Promise<string>>();

/** The one Stripe product the plans' prices belong to, made once (a fixed id, so every process finds the same one). */
function premiumProduct(stripe: Stripe): Promise<string> {
  let product = products.get(stripe);
  if (!product) {
    product = stripe.products.retrieve(PRODUCT_ID).then(
      (found) => found.id,
      async (err: Stripe.errors.StripeError) => {
        if (err.statusCode !== 404) throw err;
        return (await stripe.products.create({ id: PRODUCT_ID, name: 'MediVault Premium' }, { idempotencyKey: `product:${PRODUCT_ID}` })).id;
      },
    );
    product.catch(() => products.delete(stripe));
    products.set(stripe, product);
  }
  return product;
}

const periodEnd = (sub: Stripe.Subscription): Date | null => {
  const end = sub.items.data[0]?.current_period_end;
  return end ? new Date(end * 1000) : null;
};

const planOf = (sub: Stripe.Subscription): PlanId =>
  sub.metadata?.plan === 'yearly' || sub.items.data[0]?.price?.recurring?.interval === 'year' ? 'yearly' : 'monthly';

const clientSecretOf = (invoice: Stripe.Invoice | string | null): string | undefined =>
  typeof invoice === 'object' && invoice ? (invoice.confirmation_secret?.client_secret ?? undefined) : undefined;

export interface PremiumCheckout {
  clientSecret: string;
  amount: number;
  plan: PlanId;
}

/** What a checkout answers to a patient who already has Premium (or whose payment for it Stripe already took). */
export const ALREADY_PREMIUM_MESSAGE = 'You already have Premium. Manage your subscription instead.';
/** Subscriptions started here and not seen paid that a checkout asks Stripe about (the newest). */
const STARTED_LOOKED_AT = 5;

interface StartedSubscription {
  row: Subscription;
  sub: Stripe.Subscription;
}

/** The subscriptions started here whose first payment this server has not seen (the newest), as Stripe has them now. */
async function startedSubscriptions(stripe: Stripe, userId: string): Promise<StartedSubscription[]> {
  const rows = await Subscription.query().where({ userId, status: 'incomplete' }).orderBy('createdAt', 'desc').limit(STARTED_LOOKED_AT);
  const found = await Promise.all(rows.map(async (row) => ({ row, sub: await stripe.subscriptions.retrieve(row.id, { expand: ['latest_invoice.confirmation_secret'] }).catch(noneIfMissing) })));
  return found.flatMap(({ row, sub }) => (sub ? [{ row, sub }] : []));
}

/** One Stripe no longer has (deleted in its dashboard, say) was never paid: it is passed over, not an error. */
function noneIfMissing(err: Stripe.errors.StripeError): null {
  if (err.code === 'resource_missing') return null;
  throw err;
}

/** Applies one that Stripe already made active (its webhook late), as the webhook would; whether there was one. */
async function applyPaidStarted(started: StartedSubscription[]): Promise<boolean> {
  const paid = started.find(({ sub }) => PREMIUM_STATUSES.has(sub.status));
  if (!paid) return false;
  // Stripe's answer is at least as new as the state held: stamped with that state's time (see cancelPremiumAtPeriodEnd).
  await Subscription.transaction((trx) => applySubscription(trx, paid.sub, Number(paid.row.stateAt)));
  return true;
}

/**
 * A checkout's view of the subscriptions already started: 'active' when Stripe took a first payment whose
 * webhook is late (applied at once, so Premium is never bought twice); else one for `plan` still payable is
 * offered again (its first invoice's client secret).
 */
async function startedCheckout(stripe: Stripe, userId: string, plan: PlanId): Promise<PremiumCheckout | 'active' | undefined> {
  const started = await startedSubscriptions(stripe, userId);
  if (await applyPaidStarted(started)) return 'active';
  for (const { row, sub } of started) {
    const clientSecret = sub.status === 'incomplete' ? clientSecretOf(sub.latest_invoice) : undefined;
    if (row.plan === plan && clientSecret) return { clientSecret, amount: PLANS[plan].amountCents, plan };
  }
  return undefined;
}

/**
 * After the browser has paid: asks Stripe at once whether the first payment went through, rather than
 * waiting for its webhook (which may be late), and answers Premium as it now stands. `audit` runs in the
 * transaction that reads the answer.
 */
export async function syncPremium(deps: AppDeps, userId: string, audit: AuditOfWrite<PremiumStatus | null>): Promise<PremiumStatus | null> {
  const stripe = stripeOf(deps.config);
  return withAdvisoryLock(deps.knex, `premium-checkout:${userId}`, async () => {
    const user = await User.query().findById(userId);
    if (!user) throw new NotFound();
    if (!user.stripeSubscriptionId) await applyPaidStarted(await startedSubscriptions(stripe, userId));
    return Subscription.transaction((trx) => auditedStatus(trx, userId, audit));
  });
}

/**
 * Starts Premium for the plan: a Stripe subscription at the plan's price (never a price from the client)
 * whose first invoice the browser pays with the returned client secret. Premium itself begins when Stripe
 * says the subscription is active (webhook, or a checkout that finds it paid). Asking again before paying
 * reuses the unpaid subscription.
 * `audit` runs in the transaction that stores the checkout (the request's audit row and its answer).
 */
export async function startPremium(deps: AppDeps, userId: string, plan: PlanId, audit: AuditOfWrite<PremiumCheckout>, idempotencyKey?: string): Promise<PremiumCheckout> {
  const stripe = stripeOf(deps.config);
  // One checkout at a time per user: a double click finds the first one's unpaid subscription instead of making a second.
  return withAdvisoryLock(deps.knex, `premium-checkout:${userId}`, () => checkoutPremium(stripe, userId, plan, audit, idempotencyKey));
}

async function checkoutPremium(stripe: Stripe, userId: string, plan: PlanId, audit: AuditOfWrite<PremiumCheckout>, idempotencyKey?: string): Promise<PremiumCheckout> {
  const user = await User.query().findById(userId);
  if (!user) throw new NotFound();
  if (user.stripeSubscriptionId) throw new Conflict(ALREADY_PREMIUM_MESSAGE);
  const started = await startedCheckout(stripe, userId, plan);
  if (started === 'active') throw new Conflict(ALREADY_PREMIUM_MESSAGE);
  if (started) {
    await Subscription.transaction((trx) => audit(trx, started));
    return started;
  }
  const [customer, product] = await Promise.all([customerOf(stripe, userId), premiumProduct(stripe)]);
  const { amountCents, interval, name } = PLANS[plan];
  const sub = await stripe.subscriptions.create(
    {
      customer,
      items: [{ price_data: { currency: DEFAULT_CURRENCY, product, unit_amount: amountCents, recurring: { interval } } }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { userId, plan },
      expand: ['latest_invoice.confirmation_secret'],
    },
    idempotencyKey ? { idempotencyKey: `subscription:${idempotencyKey}` } : undefined,
  );
  const invoice = sub.latest_invoice as Stripe.Invoice;
  const clientSecret = clientSecretOf(invoice);
  if (!clientSecret) throw new Error('Stripe returned a subscription without a payable first invoice');
  const checkout = { clientSecret, amount: invoice.amount_due, plan };
  await Subscription.transaction(async (trx) => {
    await Subscription.query(trx)
      .insert({ id: sub.id, userId, plan, status: sub.status, currentPeriodEnd: periodEnd(sub), cancelAtPeriodEnd: sub.cancel_at_period_end, stateAt: sub.created })
      .onConflict('id')
      .ignore();
    await Payment.query(trx)
      .insert({ userId, stripeInvoiceId: invoice.id, stripeSubscriptionId: sub.id, amount: invoice.amount_due, currency: invoice.currency, status: 'pending', description: `MediVault Premium (${name})` })
      .onConflict('stripeInvoiceId')
      .ignore();
    await audit(trx, checkout);
  });
  return checkout;
}

/** Gives or takes Premium as the subscription's status says; a newer subscription of the same user is left alone. */
async function followPremium(trx: Knex.Transaction, userId: string, sub: Stripe.Subscription): Promise<void> {
  if (PREMIUM_STATUSES.has(sub.status)) {
    await User.query(trx).patch({ stripeSubscriptionId: sub.id }).where({ id: userId });
  } else {
    await User.query(trx).patch({ stripeSubscriptionId: null }).where({ id: userId, stripeSubscriptionId: sub.id });
  }
}

/**
 * Applies a subscription's state as of Stripe time `at` (seconds), under a row lock: a state older than
 * the one held (or of the same second but less far along) and anything after the end change nothing, so
 * late or reordered events cannot undo newer ones.
 */
export async function applySubscription(trx: Knex.Transaction, sub: Stripe.Subscription, at: number): Promise<void> {
  const row = await Subscription.query(trx).findById(sub.id).forUpdate();
  if (row) {
    const held = Number(row.stateAt);
    if (ENDED_STATUSES.has(row.status) || at < held || (at === held && rank(sub.status) < rank(row.status))) return;
  }
  const userId = row?.userId ?? (await userOfCustomer(sub.customer, trx))?.id;
  if (!userId) return;
  const state = { status: sub.status, currentPeriodEnd: periodEnd(sub), cancelAtPeriodEnd: sub.cancel_at_period_end, stateAt: at };
  if (row) await row.$query(trx).patch({ ...state, updatedAt: new Date() });
  else await Subscription.query(trx).insert({ id: sub.id, userId, plan: planOf(sub), ...state });
  await followPremium(trx, userId, sub);
}

/**
 * Manage Subscription: Premium stays until the end of the period Stripe has been paid for, then Stripe ends
 * it. `audit` runs in the transaction of the change.
 */
export async function cancelPremiumAtPeriodEnd(deps: AppDeps, userId: string, audit: AuditOfWrite<PremiumStatus | null>): Promise<PremiumStatus | null> {
  const user = await User.query().findById(userId);
  const subscriptionId = user?.stripeSubscriptionId;
  if (!subscriptionId) throw new Conflict('You have no Premium subscription to cancel.');
  if (isTestGrant(subscriptionId)) {
    return User.transaction(async (trx) => {
      await User.query(trx).patch({ stripeSubscriptionId: null }).where({ id: userId, stripeSubscriptionId: subscriptionId });
      return auditedStatus(trx, userId, audit);
    });
  }
  const sub = await stripeOf(deps.config).subscriptions.update(subscriptionId, { cancel_at_period_end: true });
  // Stripe's answer is at least as new as the state held; stamped with that state's time, never with this
  // server's clock (which may run ahead of Stripe's and would then hide Stripe's next events).
  const held = await Subscription.query().findById(subscriptionId);
  return Subscription.transaction(async (trx) => {
    await applySubscription(trx, sub, held ? Number(held.stateAt) : sub.created);
    return auditedStatus(trx, userId, audit);
  });
}

async function auditedStatus(trx: Knex.Transaction, userId: string, audit: AuditOfWrite<PremiumStatus | null>): Promise<PremiumStatus | null> {
  const status = await premiumStatusOf(userId, trx);
  await audit(trx, status);
  return status;
}

/** Testing Mode (never in production): Premium without a payment, ended like any other from Manage Subscription. */
export async function grantTestPremium(userId: string, audit: AuditOfWrite<User>): Promise<User> {
  return User.transaction(async (trx) => {
    await User.query(trx).patch({ stripeSubscriptionId: `${TEST_GRANT_PREFIX}${randomUUID()}` }).where({ id: userId }).whereNull('stripeSubscriptionId');
    const user = (await User.query(trx).findById(userId))!;
    await audit(trx, user);
    return user;
  });
}

export interface PremiumStatus {
  plan: PlanId | null;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  testMode: boolean;
}

/** What Manage Subscription shows: the subscription that gives the user Premium, if any. */
export async function premiumStatusOf(userId: string, trx?: Knex.Transaction): Promise<PremiumStatus | null> {
  const user = await User.query(trx).findById(userId);
  const subscriptionId = user?.stripeSubscriptionId;
  if (!subscriptionId) return null;
  if (isTestGrant(subscriptionId)) return { plan: null, status: 'active', currentPeriodEnd: null, cancelAtPeriodEnd: false, testMode: true };
  const row = await Subscription.query(trx).findById(subscriptionId);
  return { plan: row?.plan ?? null, status: row?.status ?? 'active', currentPeriodEnd: row?.currentPeriodEnd ?? null, cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false, testMode: false };
}
