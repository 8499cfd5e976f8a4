import type { Knex } from 'knex';

/**
 * Issue 17, password reset: single-use links, by email or handed over by an admin. Only a SHA-256 hash of
 * each token is kept, with the account it resets and when it expires.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('password_reset_tokens', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('account_kind').notNullable().checkIn(['user', 'doctor'], 'password_reset_tokens_account_kind_check');
    t.uuid('account_id').notNullable();
    t.text('token_hash').notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['account_kind', 'account_id'], 'password_reset_tokens_account_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('password_reset_tokens');
}
