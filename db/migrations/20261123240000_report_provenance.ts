import type { Knex } from 'knex';
import { REPORT_SOURCES } from '../../common/constants';

/**
 * Provenance of medical reports: who made each version. `medical_reports.changed_by` says where the
 * row's current content came from ('document' when read from an upload, 'doctor' when a clinic entered it,
 * 'patient' when the patient wrote or corrected it), set by the statement that writes the row; an AFTER
 * trigger copies every version into `medical_report_versions`, so no code path can change a report
 * without leaving its earlier content behind.
 */
const SNAPSHOT_COLUMNS = ['title', 'type', 'status', 'report_date', 'doctor_name', 'facility', 'summary', 'results'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('medical_reports', (t) => {
    t.text('changed_by').notNullable().defaultTo('patient').checkIn([...REPORT_SOURCES], 'medical_reports_changed_by_check');
  });
  await knex.raw(`UPDATE medical_reports SET changed_by = 'document' WHERE document_id IS NOT NULL`);
  await knex.schema.createTable('medical_report_versions', (t) => {
    t.uuid('report_id').notNullable().references('id').inTable('medical_reports').onDelete('CASCADE');
    t.integer('version').notNullable();
    t.text('source').notNullable().checkIn([...REPORT_SOURCES], 'medical_report_versions_source_check');
    t.text('title').notNullable();
    t.text('type').notNullable();
    t.text('status').notNullable();
    t.timestamp('report_date', { useTz: true }).notNullable();
    t.text('doctor_name');
    t.text('facility');
    t.text('summary');
    t.jsonb('results');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['report_id', 'version']);
  });
  const columns = SNAPSHOT_COLUMNS.join(', ');
  const values = SNAPSHOT_COLUMNS.map((c) => `NEW.${c}`).join(', ');
  await knex.raw(`
    CREATE FUNCTION medical_report_keep_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO medical_report_versions (report_id, version, source, ${columns})
      VALUES (NEW.id, NEW.version, NEW.changed_by, ${values})
      ON CONFLICT (report_id, version) DO NOTHING;
      RETURN NULL;
    END $$`);
  await knex.raw(`INSERT INTO medical_report_versions (report_id, version, source, ${columns}, created_at)
    SELECT id, version, changed_by, ${columns}, updated_at FROM medical_reports`);
  await knex.raw('CREATE TRIGGER medical_report_keep_version AFTER INSERT OR UPDATE ON medical_reports FOR EACH ROW EXECUTE FUNCTION medical_report_keep_version()');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER medical_report_keep_version ON medical_reports');
  await knex.raw('DROP FUNCTION medical_report_keep_version()');
  await knex.schema.dropTable('medical_report_versions');
  await knex.schema.alterTable('medical_reports', (t) => t.dropColumn('changed_by'));
}
