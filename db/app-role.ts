import { createHmac } from 'node:crypto';
import type { Knex } from 'knex';
import { scramVerifier } from './scram-verifier';

interface AppRole {
  name: string;
  password: string;
}

/** pg-boss's schema: the app role owns it and all in it, since the queue creates tables there as it runs. */
const JOB_QUEUE_SCHEMA = 'pgboss';

/** Tables the app never writes: the migrations' own, and the append-only audit trail (rows are only added). */
const MIGRATION_TABLES = ['knex_migrations', 'knex_migrations_lock'];
const APPEND_ONLY_TABLES = ['audit_events', 'audit_seals'];
/** Written once by a migration: where the untagged rows from before the audit key end. */
const READ_ONLY_TABLES = ['audit_chain_start'];
/**
 * The audit columns the app may fill: not `seq`, `hash` or `created_at`, which the database sets, so a
 * row's time is the database's clock and never one the app (or whoever holds its role) chose.
 */
const AUDIT_COLUMNS_THE_APP_WRITES = ['id', 'actor_kind', 'actor_id', 'actor_name', 'action', 'resource_type', 'resource_id', 'patient_id', 'outcome', 'ip', 'request_id', 'tag'];

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
 * covered): read and write on the app's tables, INSERT (of the app's columns) and SELECT only on the audit trail, nothing on the
 * migrations' tables, and the job queue's schema as its own. Serialised by an advisory lock, since
 * concurrent GRANTs on one object fail in PostgreSQL.
 */
export async function grantAppRole(owner: Knex, role: AppRole): Promise<void> {
  await owner.transaction(async (trx) => {
    await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('medivault_app_role'))`);
    const { rows } = await trx.raw<{ rows: unknown[] }>('SELECT 1 FROM pg_roles WHERE rolname = ?', [role.name]);
    // The password's SCRAM verifier, never the password: a failing statement is logged with its text.
    const credentials = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT PASSWORD ${literal(scramVerifier(role.password))}`;
    await trx.raw(`${rows.length ? 'ALTER' : 'CREATE'} ROLE ?? ${credentials}`, [role.name]);
    await letOwnerActAs(trx, role.name);
    const { rows: database } = await trx.raw<{ rows: Array<{ name: string }> }>('SELECT current_database() AS name');
    await trx.raw('GRANT CONNECT, CREATE, TEMPORARY ON DATABASE ?? TO ??', [database[0]!.name, role.name]);
    await trx.raw('GRANT USAGE ON SCHEMA public TO ??', [role.name]);
    await trx.raw('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ??', [role.name]);
    await trx.raw('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ??', [role.name]);
    await trx.raw('GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO ??', [role.name]);
    for (const table of APPEND_ONLY_TABLES) await trx.raw('REVOKE UPDATE, DELETE, TRUNCATE ON ?? FROM ??', [table, role.name]);
    for (const table of READ_ONLY_TABLES) await trx.raw('REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON ?? FROM ??', [table, role.name]);
    await trx.raw('REVOKE INSERT ON audit_events FROM ??', [role.name]);
    await trx.raw(`GRANT INSERT (${AUDIT_COLUMNS_THE_APP_WRITES.map(() => '??').join(', ')}) ON audit_events TO ??`, [...AUDIT_COLUMNS_THE_APP_WRITES, role.name]);
    for (const table of MIGRATION_TABLES) await trx.raw('REVOKE ALL ON ?? FROM ??', [table, role.name]);
    await ownJobQueueSchema(trx, role.name);
  });
}

/**
 * An owner that is not a superuser (managed PostgreSQL's) may hand the app role a schema, or objects in it,
 * only as a member of that role: since PostgreSQL 16 creating a role makes its creator only an admin of it.
 * A superuser needs no membership and is given none.
 */
async function letOwnerActAs(trx: Knex.Transaction, roleName: string): Promise<void> {
  const { rows } = await trx.raw<{ rows: Array<{ needed: boolean }> }>(
    `SELECT NOT rolsuper AND NOT pg_has_role(current_user, ?, 'SET') AS needed FROM pg_roles WHERE rolname = current_user`,
    [roleName],
  );
  if (rows[0]?.needed) await trx.raw('GRANT ?? TO CURRENT_USER', [roleName]);
}

/**
 * Gives the app role the job queue's schema and everything already in it (made by the owner, say by a
 * test server or an older start), so the queue can add its per-queue tables wherever it was begun.
 */
async function ownJobQueueSchema(trx: Knex.Transaction, roleName: string): Promise<void> {
  if (!/^[A-Za-z0-9_]+$/.test(roleName)) throw new Error(`The database role name ${roleName} may hold only letters, digits and underscores.`);
  await trx.raw('CREATE SCHEMA IF NOT EXISTS ?? AUTHORIZATION ??', [JOB_QUEUE_SCHEMA, roleName]);
  await trx.raw('ALTER SCHEMA ?? OWNER TO ??', [JOB_QUEUE_SCHEMA, roleName]);
  await trx.raw(`
    DO $$
    DECLARE item record;
    BEGIN
      FOR item IN
        SELECT c.oid::regclass AS name, CASE c.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END AS kind
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = '${JOB_QUEUE_SCHEMA}' AND c.relkind IN ('r', 'p', 'v', 'm', 'S') AND c.relowner <> '${roleName}'::regrole
          -- Sequences that belong to a column move with their table.
          AND NOT (c.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i')))
      LOOP
        EXECUTE format('ALTER %s %s OWNER TO %I', item.kind, item.name, '${roleName}');
      END LOOP;
      FOR item IN
        SELECT p.oid::regprocedure AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = '${JOB_QUEUE_SCHEMA}' AND p.proowner <> '${roleName}'::regrole
      LOOP
        EXECUTE format('ALTER ROUTINE %s OWNER TO %I', item.name, '${roleName}');
      END LOOP;
      FOR item IN
        SELECT t.oid::regtype AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
        WHERE n.nspname = '${JOB_QUEUE_SCHEMA}' AND t.typtype IN ('e', 'd') AND t.typowner <> '${roleName}'::regrole
      LOOP
        EXECUTE format('ALTER TYPE %s OWNER TO %I', item.name, '${roleName}');
      END LOOP;
    END $$`);
}

/** A value as an SQL string literal (ALTER ROLE takes no bind parameters). */
function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
