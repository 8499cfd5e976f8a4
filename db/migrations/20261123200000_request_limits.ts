import type { Knex } from 'knex';

/**
 * Fixed-window request counters per (bucket, address): sign-up and passkey option requests. One row per
 * pair, counted up (or restarted when its window is over) by a single upsert, so parallel requests on
 * any number of processes count exactly.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('request_limits', (t) => {
    t.text('bucket').notNullable();
    t.text('key').notNullable();
    t.timestamp('window_start', { useTz: true }).notNullable();
    t.integer('count').notNullable();
    t.primary(['bucket', 'key']);
    t.index(['window_start'], 'request_limits_window_start_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('request_limits');
}
