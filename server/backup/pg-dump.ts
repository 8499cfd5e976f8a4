/**
 * Backups of an external PostgreSQL (DATABASE_URL) with its own tools: `pg_dump --format=custom` and
 * `pg_restore`, found on PATH or named by PG_DUMP_PATH / PG_RESTORE_PATH. pg_dump refuses (or worse,
 * half-works) against a newer server, so its major version is checked against the server's first.
 */
import type { Readable, Writable } from 'node:stream';
import pg from 'pg';
import { output, run } from './child';
import { serverVersion } from './server-version';

class ToolTooOld extends Error {}

/** Parameters node-postgres reads that libpq's tools refuse ('invalid URI query parameter'). */
const DRIVER_ONLY_PARAMETERS = ['uselibpqcompat', 'ssl'];

/** A URL libpq takes, without its password, and the environment that carries the password instead (not on a command line). */
function connectionFor(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  for (const name of DRIVER_ONLY_PARAMETERS) parsed.searchParams.delete(name);
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function majorVersionOf(tool: string): Promise<number> {
  const text = await output(tool, ['--version']).catch((err: Error) => {
    throw new ToolTooOld(`${tool} cannot be run (${err.message}). Install the PostgreSQL client tools of the server's version, or set ${tool.includes('restore') ? 'PG_RESTORE_PATH' : 'PG_DUMP_PATH'} to one.`);
  });
  const match = /(\d+)(?:\.\d+)?/.exec(text.replace(/^[^)]*\)/, ''));
  if (!match) throw new Error(`Cannot tell the version of ${tool} from "${text.trim()}".`);
  return Number(match[1]);
}

const pgDumpPath = (env: NodeJS.ProcessEnv = process.env) => env.PG_DUMP_PATH || 'pg_dump';
const pgRestorePath = (env: NodeJS.ProcessEnv = process.env) => env.PG_RESTORE_PATH || 'pg_restore';

/** Checks pg_dump can dump this server; answers both versions. */
export async function checkPgDump(url: string, tool = pgDumpPath()): Promise<{ postgres: string; pgDumpMajor: number }> {
  const [server, pgDumpMajor] = await Promise.all([serverVersion(url), majorVersionOf(tool)]);
  if (pgDumpMajor < server.major) {
    throw new ToolTooOld(
      `${tool} is version ${pgDumpMajor}, older than the PostgreSQL ${server.major} server it would back up, and pg_dump cannot dump a newer server. Install the PostgreSQL ${server.major} client tools (package postgresql-client-${server.major}) and put them first on PATH, or set PG_DUMP_PATH to that pg_dump.`,
    );
  }
  return { postgres: server.text, pgDumpMajor };
}

/** Writes `pg_dump --format=custom` of the database into `into`. */
export async function writeDump(url: string, into: Writable, tool = pgDumpPath()): Promise<void> {
  const { dbname, env } = connectionFor(url);
  const { code, stderr } = await run(tool, ['--format=custom', '--no-password', `--dbname=${dbname}`], { into, env });
  if (code !== 0) throw new Error(`pg_dump failed (${code}): ${stderr}`);
}

/** Whether the database has no tables of its own yet. */
export async function databaseIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'");
    return Number(rows[0]!.n) === 0;
  } finally {
    await client.end();
  }
}

/**
 * Restores a custom-format dump from `dump` into the database in one transaction: all of it or nothing.
 * Ownership and grants are not restored: the restoring role owns what it creates, and the server grants
 * its own app role at start, as on any database.
 */
export async function restoreDump(url: string, dump: Readable, dumpMajor: number, tool = pgRestorePath()): Promise<void> {
  const major = await majorVersionOf(tool);
  if (major < dumpMajor) throw new ToolTooOld(`${tool} is version ${major}; this archive was written by pg_dump ${dumpMajor}. Install the PostgreSQL ${dumpMajor} client tools or set PG_RESTORE_PATH.`);
  const { dbname, env } = connectionFor(url);
  const { code, stderr } = await run(tool, ['--no-password', '--single-transaction', '--exit-on-error', '--no-owner', '--no-acl', `--dbname=${dbname}`], { from: dump, env });
  if (code !== 0) throw new Error(`pg_restore failed (${code}), and restored nothing: ${stderr}`);
}
