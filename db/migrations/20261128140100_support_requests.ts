import type { Knex } from 'knex';

/**
 * Issue 39, Premium's priority support: a patient's request to the support team and the admin's answer.
 * `priority` is decided once, when the request is written (the patient had Premium then), so a request
 * keeps its place in the queue if the plan changes while it waits.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('support_requests', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('subject').notNullable();
    t.text('message').notNullable();
    t.boolean('priority').notNullable();
    t.text('answer');
    t.uuid('answered_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('answered_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('(answer IS NULL) = (answered_at IS NULL)', [], 'support_requests_answered');
    t.index(['user_id', 'created_at']);
  });
  // The admin's queue: open requests, Premium's first, oldest first.
  await knex.raw('CREATE INDEX support_requests_queue ON support_requests (priority DESC, created_at) WHERE answered_at IS NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex('notifications').where({ type: 'support_answered' }).delete();
  await knex.schema.dropTable('support_requests');
}
