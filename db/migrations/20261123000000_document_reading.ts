import type { Knex } from 'knex';

/**
 * What reading a document produced, kept beside the original: its page count and the extraction
 * (structured fields, medications found and the line each came from), so the review screen can show
 * the patient where every value was read, after saving too.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('documents', (t) => {
    t.integer('pages').notNullable().defaultTo(1);
    t.jsonb('extraction');
    t.check('pages >= 1', [], 'documents_pages_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('documents', (t) => {
    t.dropChecks(['documents_pages_check']);
    t.dropColumn('extraction');
    t.dropColumn('pages');
  });
}
