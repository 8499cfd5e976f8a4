import { createHmac } from 'node:crypto';
import type { Knex } from 'knex';

export interface AppRole {
  name: string;
  password: string;
}

/** Tables the app never writes: the migrations' own, and the append-only audit trail (rows are only added). */
const MIGRATION_TABLES = ['knex_migrations', 'knex_migrations_lock'];
const APPEND_ONLY_TABLES = ['audit_events'];

/**
 * The role the server runs its queries as: `<owner>_app`, with a password derived from SESSION_SECRET so
 * every process of one deployment computes the same one and nobody has to store it.
 */
export function appRoleFor(ownerUrl: string, sessionSecret: string): AppRole {
  const owner = decodeURIComponent(new URL(ownerUrl).username) || 'medivault';
  return { name: `${owner}_app`, password: createHmac('sha256', sessionSecret).update('medivault database application role').digest('base64url') };
}

/** The owner's URL with the app role's credentials. */
export function urlAs(ownerUrl: string, role: AppRole): string {
  const url = new URL(ownerUrl);
  url.username = encodeURIComponent(role.name);
  url.password = encodeURIComponent(role.password);
  return url.toString();
}

/**
 * Creates or updates the app role (run as the owner, after migrations, at every start so new tables are
 * covered): read and write on the app's tables, INSERT and SELECT only on the audit trail, nothing on the
 * migrations' tables, CREATE on the database for job-queue schemas. Serialised by an advisory lock, since
 * concurrent GRANTs on one object fail in PostgreSQL.
 */
export async function grantAppRole(owner: Knex, role: AppRole): Promise<void> {
  await owner.transaction(async (trx) => {
    await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('medivault_app_role'))`);
    const { rows } = await trx.raw<{ rows: unknown[] }>('SELECT 1 FROM pg_roles WHERE rolname = ?', [role.name]);
    const credentials = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT PASSWORD ${literal(role.password)}`;
    await trx.raw(`${rows.length ? 'ALTER' : 'CREATE'} ROLE ?? ${credentials}`, [role.name]);
    const { rows: database } = await trx.raw<{ rows: Array<{ name: string }> }>('SELECT current_database() AS name');
    await trx.raw('GRANT CONNECT, CREATE, TEMPORARY ON DATABASE ?? TO ??', [database[0]!.name, role.name]);
    await trx.raw('GRANT USAGE ON SCHEMA public TO ??', [role.name]);
    await trx.raw('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ??', [role.name]);
    await trx.raw('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ??', [role.name]);
    await trx.raw('GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO ??', [role.name]);
    for (const table of APPEND_ONLY_TABLES) await trx.raw('REVOKE UPDATE, DELETE, TRUNCATE ON ?? FROM ??', [table, role.name]);
    for (const table of MIGRATION_TABLES) await trx.raw('REVOKE ALL ON ?? FROM ??', [table, role.name]);
  });
}

/** A password as an SQL string literal (ALTER ROLE takes no bind parameters). */
function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
