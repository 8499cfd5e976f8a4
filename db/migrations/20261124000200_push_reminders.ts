import type { Knex } from 'knex';

/**
 * Push and reminders: the patient's time zone (medication reminder times are read in it), settings the
 * server makes once and every process shares (the VAPID key pair), push subscriptions tied to the session
 * that made them (logout removes them), and the keys that make a reminder impossible to write twice: one
 * notification per (user, type, subject, due time) and one dose per (medication, scheduled time).
 * pg-boss keeps its own tables in the `pgboss` schema of the same database and migrates them itself.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('app_settings', (t) => {
    t.text('key').primary();
    t.jsonb('value').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.alterTable('users', (t) => {
    t.text('time_zone').notNullable().defaultTo('UTC');
  });
  await knex.schema.alterTable('push_subscriptions', (t) => {
    t.text('session_fingerprint');
    t.index(['session_fingerprint'], 'push_subscriptions_session_index');
  });
  await knex.schema.alterTable('notifications', (t) => {
    t.uuid('subject_id');
    t.timestamp('pushed_at', { useTz: true });
  });
  await knex.raw(
    'CREATE UNIQUE INDEX notifications_once_per_subject_and_time ON notifications (user_id, type, subject_id, scheduled_for) WHERE subject_id IS NOT NULL',
  );
  await knex.schema.alterTable('medication_reminders', (t) => {
    t.unique(['medication_id', 'scheduled_time'], { indexName: 'medication_reminders_once_per_time' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('medication_reminders', (t) => t.dropUnique(['medication_id', 'scheduled_time'], 'medication_reminders_once_per_time'));
  await knex.raw('DROP INDEX notifications_once_per_subject_and_time');
  await knex.schema.alterTable('notifications', (t) => {
    t.dropColumn('subject_id');
    t.dropColumn('pushed_at');
  });
  await knex.schema.alterTable('push_subscriptions', (t) => t.dropColumn('session_fingerprint'));
  await knex.schema.alterTable('users', (t) => t.dropColumn('time_zone'));
  await knex.schema.dropTable('app_settings');
}
