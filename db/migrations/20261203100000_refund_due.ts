import type { Knex } from 'knex';

/**
 * When a cancelled consultation's paid fee was owed back and the refund was asked of Stripe: cleared when
 * Stripe made it (the fee then `refunded`). One still set means Stripe could not be reached then; the refund
 * sweep asks again (server/services/payments/refund-retry.ts) and the patient's card says the refund is pending.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('consultations', (t) => {
    t.timestamp('refund_due_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('consultations', (t) => {
    t.dropColumn('refund_due_at');
  });
}
