import type Stripe from 'stripe';
import type { Knex } from 'knex';
import { User } from '../../../db/models';
import { NotFound } from '../../errors';

/**
 * The user's Stripe customer, created the first time they pay. Two first payments at once send the same
 * idempotency key, so Stripe makes one customer, and only the first id is stored.
 */
export async function customerOf(stripe: Stripe, userId: string): Promise<string> {
  const user = await User.query().findById(userId);
  if (!user) throw new NotFound();
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || undefined;
  const customer = await stripe.customers.create({ email: user.email, name, metadata: { userId } }, { idempotencyKey: `customer:${userId}` });
  await User.query().patch({ stripeCustomerId: customer.id }).where({ id: userId }).whereNull('stripeCustomerId');
  const stored = await User.query().findById(userId);
  return stored!.stripeCustomerId!;
}

/** The user a Stripe customer id belongs to, if it is one of ours. */
export async function userOfCustomer(customer: string | { id: string } | null, trx?: Knex.Transaction): Promise<User | undefined> {
  const id = typeof customer === 'string' ? customer : customer?.id;
  return id ? User.query(trx).findOne({ stripeCustomerId: id }) : undefined;
}
