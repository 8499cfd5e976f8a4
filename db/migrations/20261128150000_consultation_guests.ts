import type { Knex } from 'knex';

/**
 * Issue 38, guests in the call: a consultation's doctor (or its patient, with the doctor's approval) invites
 * a guest by a single-use link that expires. Only the SHA-256 of the link's token is kept. Opening the link
 * with a name uses it up and starts a session limited to that one consultation (sessions.actor_kind 'guest',
 * actor_id this row's id), so audit rows now name guests as actors too.
 */
const GUEST_STATUSES = ['awaiting_approval', 'invited', 'joined', 'revoked', 'removed'];
const ACTOR_KINDS_BEFORE = ['anonymous', 'patient', 'admin', 'doctor', 'system'];
const ACTOR_KINDS_NOW = [...ACTOR_KINDS_BEFORE, 'guest'];

async function allowActorKinds(knex: Knex, kinds: string[]): Promise<void> {
  const list = kinds.map((kind) => `'${kind}'`).join(', ');
  await knex.raw('ALTER TABLE audit_events DROP CONSTRAINT audit_events_actor_kind_check');
  await knex.raw(`ALTER TABLE audit_events ADD CONSTRAINT audit_events_actor_kind_check CHECK (actor_kind IN (${list}))`);
}

export async function up(knex: Knex): Promise<void> {
  await allowActorKinds(knex, ACTOR_KINDS_NOW);
  await knex.schema.createTable('consultation_guests', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('consultation_id').notNullable().references('id').inTable('consultations').onDelete('CASCADE');
    t.text('invited_by_kind').notNullable().checkIn(['doctor', 'patient'], 'consultation_guests_invited_by_kind_check');
    t.uuid('invited_by_id').notNullable();
    t.text('token_hash').notNullable().unique();
    t.text('status').notNullable().checkIn(GUEST_STATUSES, 'consultation_guests_status_check');
    /** The name the guest gave when opening the link. */
    t.text('name');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('joined_at', { useTz: true });
    t.timestamp('ended_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['consultation_id'], 'consultation_guests_consultation_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('sessions').where({ actor_kind: 'guest' }).delete();
  await knex.schema.dropTable('consultation_guests');
  // The trail is never rewritten: with guests' rows in it, the old constraint cannot come back and this fails.
  await allowActorKinds(knex, ACTOR_KINDS_BEFORE);
}
