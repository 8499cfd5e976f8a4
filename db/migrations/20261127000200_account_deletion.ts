import type { Knex } from 'knex';

/**
 * Issue 19, deleting one's account: `deletion_scheduled_for` is when a patient's requested deletion takes
 * effect (cleared if they keep the account before then); `erased_at` when it did: the health data is gone
 * and the row is kept only as a nameless anchor for the records the law keeps (audit trail, payments,
 * the clinic's consultations).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('deletion_scheduled_for', { useTz: true });
    t.timestamp('erased_at', { useTz: true });
    t.index(['deletion_scheduled_for'], 'users_deletion_scheduled_for_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropIndex(['deletion_scheduled_for'], 'users_deletion_scheduled_for_index');
    t.dropColumn('deletion_scheduled_for');
    t.dropColumn('erased_at');
  });
}
