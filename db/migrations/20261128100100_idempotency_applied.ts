import type { Knex } from 'knex';

/**
 * An Idempotency-Key is completed in the transaction of the write it guards: 'done' with the answer when
 * the write knows it, else 'applied' (the write committed; its answer was not kept). A retry of an
 * 'applied' key is told so, and never acts again.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_state_check');
  await knex.raw(`ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_state_check CHECK (state IN ('pending', 'applied', 'done'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DELETE FROM idempotency_keys WHERE state = 'applied'`);
  await knex.raw('ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_state_check');
  await knex.raw(`ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_state_check CHECK (state IN ('pending', 'done'))`);
}
