import type { Knex } from 'knex';

/**
 * Issue 17, access: sign-in throttling without lockouts, doctors an admin can switch off, and break-glass.
 *
 * - sign_in_counters replaces auth_failures. One row per (scope, key): 'pair' is an account with one address
 *   (or one known device), 'address' an address group across all accounts, 'account' an account across all
 *   addresses. Each row is a fixed window advanced by single upserts, so parallel attempts on any number of
 *   processes count exactly; `wait_until` is when a slowed-down pair may try again.
 * - sign_in_challenges: proof-of-work challenges, each bound to one account and taken (deleted) once.
 * - doctors.is_active: an admin deactivates a doctor (sign-in refused, sessions ended), apart from verification.
 * - break_glass_grants: a doctor's time-boxed access to a patient's records outside the access window, with
 *   the reason they gave (shown to the patient and to admins; audit rows themselves never hold free text).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sign_in_counters', (t) => {
    t.text('scope').notNullable().checkIn(['pair', 'address', 'account'], 'sign_in_counters_scope_check');
    t.text('key').notNullable();
    t.timestamp('window_start', { useTz: true }).notNullable();
    t.integer('count').notNullable();
    t.timestamp('wait_until', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['scope', 'key']);
    t.index(['window_start'], 'sign_in_counters_window_start_index');
  });

  await knex.schema.createTable('sign_in_challenges', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('account_key').notNullable();
    t.integer('bits').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['expires_at'], 'sign_in_challenges_expires_at_index');
  });

  await knex.schema.alterTable('doctors', (t) => {
    t.boolean('is_active').notNullable().defaultTo(true);
  });

  await knex.schema.createTable('break_glass_grants', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('doctor_id').notNullable().references('id').inTable('doctors').onDelete('CASCADE');
    t.uuid('patient_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('reason').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['doctor_id', 'patient_id', 'expires_at'], 'break_glass_grants_doctor_patient_index');
    t.index(['patient_id'], 'break_glass_grants_patient_index');
    t.index(['created_at'], 'break_glass_grants_created_at_index');
  });
  await knex.raw(`ALTER TABLE break_glass_grants ADD CONSTRAINT break_glass_grants_reason_check CHECK (char_length(btrim(reason)) BETWEEN 10 AND 500)`);

  await knex.schema.dropTable('auth_failures');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.createTable('auth_failures', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('scope').notNullable().checkIn(['account', 'ip'], 'auth_failures_scope_check');
    t.text('key').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['scope', 'key', 'created_at'], 'auth_failures_scope_key_created_index');
  });
  await knex.schema.dropTable('break_glass_grants');
  await knex.schema.alterTable('doctors', (t) => t.dropColumn('is_active'));
  await knex.schema.dropTable('sign_in_challenges');
  await knex.schema.dropTable('sign_in_counters');
}
