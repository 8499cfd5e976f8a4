import type { Knex } from 'knex';

/**
 * Issue 42, a per-account budget for guessable secrets (NIST SP 800-63B 5.2.2: at most 100 consecutive
 * failures): sign_in_counters gains the 'streak' scope, an account's consecutive failures with no window,
 * ended by a success or a password reset through the e-mailed link.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE sign_in_counters DROP CONSTRAINT sign_in_counters_scope_check');
  await knex.raw(`ALTER TABLE sign_in_counters ADD CONSTRAINT sign_in_counters_scope_check CHECK (scope IN ('pair', 'address', 'account', 'streak'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex('sign_in_counters').where({ scope: 'streak' }).delete();
  await knex.raw('ALTER TABLE sign_in_counters DROP CONSTRAINT sign_in_counters_scope_check');
  await knex.raw(`ALTER TABLE sign_in_counters ADD CONSTRAINT sign_in_counters_scope_check CHECK (scope IN ('pair', 'address', 'account'))`);
}
