import type { Knex } from 'knex';

/**
 * Issue 17, a passkey as the second factor of a password sign-in (doctors and admins, who must have one):
 * registered at the first sign-in instead of an authenticator app. Kept apart from webauthn_credentials,
 * the patients' passkeys that sign in on their own ('Use Biometric Login').
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mfa_passkeys', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('account_kind').notNullable().checkIn(['user', 'doctor'], 'mfa_passkeys_account_kind_check');
    t.uuid('account_id').notNullable();
    t.text('credential_id').notNullable().unique();
    t.text('public_key').notNullable();
    t.bigInteger('counter').notNullable().defaultTo(0);
    t.jsonb('transports');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true });
    t.check('?? >= 0', ['counter'], 'mfa_passkeys_counter_check');
    t.index(['account_kind', 'account_id'], 'mfa_passkeys_account_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('mfa_passkeys');
}
