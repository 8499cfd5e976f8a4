import type { Knex } from 'knex';

/**
 * Issue 35, documents any replica can serve: an original's bytes live in PostgreSQL beside its row
 * (written in the same statement, erased with it by cascade, inside every backup), no longer as a loose
 * file under one host's DATA_DIR. `storage_key` now only names where an original lay on disk before
 * this; the server moves such files in at start-up (server/services/documents/move-originals.ts), since
 * migrations do not know DATA_DIR, and clears the key once a file is in.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('document_files', (t) => {
    t.uuid('document_id').primary().references('id').inTable('documents').onDelete('CASCADE');
    t.binary('content').notNullable();
  });
  // Scans and PDFs are compressed already: stored out of line as they are, without a vain pglz attempt.
  await knex.raw('ALTER TABLE document_files ALTER COLUMN content SET STORAGE EXTERNAL');
  await knex.schema.alterTable('documents', (t) => {
    t.text('storage_key').nullable().alter();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('document_files');
}
