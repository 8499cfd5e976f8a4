import type { Knex } from 'knex';

/**
 * A patient's private calendar feed: one per patient, found by the SHA-256 of its secret token (the token
 * itself is shown once and never stored). Turning the feed off deletes the row; a new link replaces the hash.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('calendar_feeds', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().unique().references('id').inTable('users').onDelete('CASCADE');
    t.text('token_hash').notNullable().unique();
    t.text('time_zone').notNullable().defaultTo('UTC');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('calendar_feeds');
}
