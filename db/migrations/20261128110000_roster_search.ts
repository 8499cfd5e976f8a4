import type { Knex } from 'knex';

/**
 * Issue 38, the admin roster at 2,000 doctors: a search anywhere in a doctor's name, email, specialty or
 * licence number ('okaf', 'cardio', 'MD-12') reads a trigram index instead of every row. The indexed
 * expression must stay exactly the one server/policies/doctor.ts searches (ROSTER_SEARCH_TEXT), or the
 * planner cannot use it; test/api/admin-roster-search.test.ts checks the plan. pg_trgm ships with
 * PostgreSQL and is a trusted extension, so a database owner without superuser may create it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await knex.raw(
    `CREATE INDEX doctors_roster_search_index ON doctors USING gin ((name || ' ' || email || ' ' || specialty || ' ' || license_number) gin_trgm_ops)`,
  );
  // The unfiltered roster pages newest first.
  await knex.raw('CREATE INDEX doctors_created_index ON doctors (created_at DESC, id DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX doctors_created_index');
  await knex.raw('DROP INDEX doctors_roster_search_index');
}
