import type { Knex } from 'knex';

/**
 * When the patient and the doctor were first in a consultation's call together, set once by the join that
 * brings the second of them: the call timer counts from it on every screen, so a side that reloads the page
 * or comes back later reads the same duration as the other (signalling/rooms/call-start.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('consultations', (t) => {
    t.timestamp('call_connected_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('consultations', (t) => {
    t.dropColumn('call_connected_at');
  });
}
