import type { Knex } from 'knex';

/**
 * A version on each record people edit from more than one place (reports, medications, appointments,
 * doctors), raised by a trigger on every change, so no code path can change a row and keep its version.
 * The API answers it as the ETag and refuses a write whose If-Match names an older one (412).
 * A doctor's version moves only with the profile the admin edits, not with sign-ins or consultation counts.
 */
const BUMP_FUNCTION = 'medivault_bump_version';
const VERSIONED: { table: string; columns?: string[] }[] = [
  { table: 'medical_reports' },
  { table: 'medications' },
  { table: 'appointments' },
  {
    table: 'doctors',
    columns: ['name', 'specialty', 'license_number', 'email', 'phone', 'bio', 'experience', 'education', 'availability', 'consultation_fee', 'is_available', 'profile_image', 'is_verified'],
  },
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION ${BUMP_FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.version := OLD.version + 1;
      RETURN NEW;
    END;
    $$`);
  for (const { table, columns } of VERSIONED) {
    await knex.schema.alterTable(table, (t) => t.integer('version').notNullable().defaultTo(1));
    const on = columns ? `UPDATE OF ${columns.join(', ')}` : 'UPDATE';
    await knex.raw(`CREATE TRIGGER ${table}_bump_version BEFORE ${on} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${BUMP_FUNCTION}()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const { table } of VERSIONED) {
    await knex.raw(`DROP TRIGGER ${table}_bump_version ON ${table}`);
    await knex.schema.alterTable(table, (t) => t.dropColumn('version'));
  }
  await knex.raw(`DROP FUNCTION ${BUMP_FUNCTION}()`);
}
