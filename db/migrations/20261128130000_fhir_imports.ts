import type { Knex } from 'knex';

/**
 * Issue 37, records brought in from a FHIR file: a report's content may now come from an import
 * (changed_by and its versions' source 'import'), and `imported_resources` keeps, per patient, the
 * fingerprint of every FHIR resource an import turned into a report or a medication, and from what
 * source, so the same file imported again adds nothing. A row goes with its record (cascade): a record
 * the patient deleted may be imported again.
 */
const SOURCES_BEFORE = ['patient', 'document', 'doctor'];
const SOURCES_NOW = [...SOURCES_BEFORE, 'import'];

async function allowSources(knex: Knex, sources: string[]): Promise<void> {
  const list = sources.map((source) => `'${source}'`).join(', ');
  await knex.raw('ALTER TABLE medical_reports DROP CONSTRAINT medical_reports_changed_by_check');
  await knex.raw(`ALTER TABLE medical_reports ADD CONSTRAINT medical_reports_changed_by_check CHECK (changed_by IN (${list}))`);
  await knex.raw('ALTER TABLE medical_report_versions DROP CONSTRAINT medical_report_versions_source_check');
  await knex.raw(`ALTER TABLE medical_report_versions ADD CONSTRAINT medical_report_versions_source_check CHECK (source IN (${list}))`);
}

export async function up(knex: Knex): Promise<void> {
  await allowSources(knex, SOURCES_NOW);
  await knex.schema.createTable('imported_resources', (t) => {
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('fingerprint').notNullable();
    t.text('source').notNullable();
    t.uuid('report_id').references('id').inTable('medical_reports').onDelete('CASCADE');
    t.uuid('medication_id').references('id').inTable('medications').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'fingerprint']);
    t.check('(report_id IS NULL) <> (medication_id IS NULL)', [], 'imported_resources_one_record');
    t.index(['report_id']);
    t.index(['medication_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('imported_resources');
  await knex('medical_report_versions').where({ source: 'import' }).delete();
  await knex('medical_reports').where({ changed_by: 'import' }).update({ changed_by: 'patient' });
  await allowSources(knex, SOURCES_BEFORE);
}
