import type { Knex } from 'knex';

/**
 * Payments through Stripe (issue 15). Stripe owns the truth; these tables follow it:
 * - `stripe_events`: every webhook event applied, by Stripe's event id, so a redelivery (or two at once)
 *   changes nothing the second time;
 * - `subscriptions`: one row per Stripe subscription with its last known state and the time of the event
 *   that set it, so an older event delivered late cannot undo a newer one;
 * - `payments`: one row per charge the patient is asked for (a subscription invoice or a consultation fee).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('stripe_events', (t) => {
    t.text('id').primary();
    t.text('type').notNullable();
    t.timestamp('processed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('subscriptions', (t) => {
    t.text('id').primary();
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('plan').notNullable().checkIn(['monthly', 'yearly'], 'subscriptions_plan_check');
    t.text('status').notNullable();
    t.timestamp('current_period_end', { useTz: true });
    t.boolean('cancel_at_period_end').notNullable().defaultTo(false);
    // Stripe's `created` (seconds) of the event, or of the object, whose state this row holds.
    t.bigInteger('state_at').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'created_at'], 'subscriptions_user_created_index');
  });

  await knex.schema.alterTable('payments', (t) => {
    t.text('stripe_invoice_id').unique();
    t.text('stripe_subscription_id');
    t.uuid('consultation_id').unique().references('id').inTable('consultations').onDelete('SET NULL');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`alter table payments add constraint payments_status_check check (status in ('pending', 'paid', 'failed', 'refunded', 'canceled'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table payments drop constraint payments_status_check');
  await knex.schema.alterTable('payments', (t) => {
    t.dropColumn('stripe_invoice_id');
    t.dropColumn('stripe_subscription_id');
    t.dropColumn('consultation_id');
    t.dropColumn('updated_at');
  });
  await knex.schema.dropTable('subscriptions');
  await knex.schema.dropTable('stripe_events');
}
