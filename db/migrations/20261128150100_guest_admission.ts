import type { Knex } from 'knex';

/**
 * Issue 38, guests in the call: a guest waits in the lobby until the doctor lets them in (admitted_at,
 * kept so a guest whose connection drops comes back without a second admission), and an admitted guest
 * writes in the consultation's chat (chat_messages.sender_id is then the consultation_guests row's id).
 */
async function allowSenderRoles(knex: Knex, roles: string[]): Promise<void> {
  const list = roles.map((role) => `'${role}'`).join(', ');
  await knex.raw('ALTER TABLE chat_messages DROP CONSTRAINT chat_messages_sender_role_check');
  await knex.raw(`ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_sender_role_check CHECK (sender_role IN (${list}))`);
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('consultation_guests', (t) => {
    t.timestamp('admitted_at', { useTz: true });
  });
  await allowSenderRoles(knex, ['patient', 'doctor', 'guest']);
}

export async function down(knex: Knex): Promise<void> {
  // A consultation's chat is its record of care: with guests' lines in it, the old constraint cannot come back and this fails.
  await allowSenderRoles(knex, ['patient', 'doctor']);
  await knex.schema.alterTable('consultation_guests', (t) => {
    t.dropColumn('admitted_at');
  });
}
