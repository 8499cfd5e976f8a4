import type { Knex } from 'knex';

/** When a session was last written (sign-in, then each renewal): the 'last used' of the devices list. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.dropColumn('last_seen_at');
  });
}
