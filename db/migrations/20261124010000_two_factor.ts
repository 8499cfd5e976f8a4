import type { Knex } from 'knex';

/**
 * Issue 17, a second factor: TOTP for every doctor and admin sign-in, and for patients who opt in.
 * - users and doctors: `totp_secret` (the authenticator's secret, encrypted with a key derived from
 *   SESSION_SECRET; set at enrolment), `totp_enabled_at` (set once the first code confirmed it) and
 *   `totp_last_step` (the last time step a code was accepted at, so no code works twice).
 * - mfa_recovery_codes: one-time codes for a lost authenticator, stored as SHA-256 hashes.
 */
export async function up(knex: Knex): Promise<void> {
  for (const table of ['users', 'doctors']) {
    await knex.schema.alterTable(table, (t) => {
      t.text('totp_secret');
      t.timestamp('totp_enabled_at', { useTz: true });
      t.bigInteger('totp_last_step');
    });
  }
  await knex.schema.createTable('mfa_recovery_codes', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('account_kind').notNullable().checkIn(['user', 'doctor'], 'mfa_recovery_codes_account_kind_check');
    t.uuid('account_id').notNullable();
    t.text('code_hash').notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['account_kind', 'account_id'], 'mfa_recovery_codes_account_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('mfa_recovery_codes');
  for (const table of ['users', 'doctors']) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('totp_secret');
      t.dropColumn('totp_enabled_at');
      t.dropColumn('totp_last_step');
    });
  }
}
