import type { Knex } from 'knex';

/**
 * Issue 37, SMART Health Links. `shared_links`: a patient's link, found by the SHA-256 of its manifest
 * token (the token is in the link only), with its label, flags, expiry, the hash of its optional passcode
 * and the lifetime count of wrong passcodes. `shared_link_files`: what it shares, as the browser encrypted
 * it (a compact JWE: the key is never sent here). `shared_link_downloads`: short-lived, single-use file
 * addresses a manifest hands out, by the hash of their token.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('shared_links', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('token_hash').notNullable().unique();
    t.text('label').notNullable();
    t.text('flag').notNullable().defaultTo('');
    t.text('passcode_hash');
    t.integer('failed_passcodes').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.integer('open_count').notNullable().defaultTo(0);
    t.timestamp('last_opened_at', { useTz: true });
    t.text('last_recipient');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'created_at']);
    // The IG's flags in alphabetical order; U never with P.
    t.check("flag IN ('', 'L', 'P', 'U', 'LP', 'LU')", [], 'shared_links_flag');
    t.check("(passcode_hash IS NOT NULL) = (flag LIKE '%P%')", [], 'shared_links_passcode_flag');
  });
  await knex.schema.createTable('shared_link_files', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('link_id').notNullable().references('id').inTable('shared_links').onDelete('CASCADE');
    t.text('content_type').notNullable();
    t.text('jwe').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['link_id']);
  });
  await knex.schema.createTable('shared_link_downloads', (t) => {
    t.text('token_hash').primary();
    t.uuid('file_id').notNullable().references('id').inTable('shared_link_files').onDelete('CASCADE');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['file_id']);
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('shared_link_downloads');
  await knex.schema.dropTable('shared_link_files');
  await knex.schema.dropTable('shared_links');
}
