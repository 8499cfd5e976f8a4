import type { Knex } from 'knex';

/**
 * The first answer to each (caller, Idempotency-Key) pair, so a retried POST returns it instead of acting
 * twice. A row is 'pending' while its request runs; rows older than a day are purged.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('idempotency_keys', (t) => {
    t.text('scope').notNullable();
    t.text('key').notNullable();
    t.text('fingerprint').notNullable();
    t.text('state').notNullable();
    t.integer('status');
    t.jsonb('body');
    t.jsonb('headers');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['scope', 'key']);
    t.index(['created_at'], 'idempotency_keys_created_at_index');
    t.check(`?? IN ('pending', 'done')`, ['state'], 'idempotency_keys_state_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('idempotency_keys');
}
