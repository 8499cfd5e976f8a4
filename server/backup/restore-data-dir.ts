/**
 * Restores a base backup (base-backup.ts) into an empty DATA_DIR, then starts the embedded server on it
 * once, so PostgreSQL replays the archive's WAL to the end of the backup and comes up consistent (or
 * says why not) before anyone relies on the copy.
 */
import { chmod, mkdir, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import pg from 'pg';
import { run } from './child';
import { startEmbeddedPostgres } from '../../db/embedded';

class DataDirNotEmpty extends Error {}

/** Whether a directory is missing or holds nothing. */
async function isEmpty(directory: string): Promise<boolean> {
  return readdir(directory).then((entries) => entries.length === 0, (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? true : Promise.reject(err)));
}

export async function requireEmptyDataDir(dataDir: string): Promise<void> {
  if (!(await isEmpty(dataDir))) {
    throw new DataDirNotEmpty(`DATA_DIR ${dataDir} is not empty: a backup is restored only into an empty data directory, so nothing in it is overwritten. Point DATA_DIR at a new directory, or move this one aside.`);
  }
}

/** Untars the payload into DATA_DIR/postgres; on any failure DATA_DIR is emptied again. */
export async function unpackBaseBackup(payload: Readable, dataDir: string): Promise<void> {
  const databaseDir = path.join(dataDir, 'postgres');
  await mkdir(databaseDir, { recursive: true });
  // As root, PostgreSQL runs as 'postgres' (db/embedded.ts), which must reach its directory.
  await chmod(dataDir, 0o755);
  await chmod(databaseDir, 0o700);
  try {
    const { code, stderr } = await run('tar', ['--extract', '--file=-', '--ignore-zeros', '--directory', databaseDir], { from: payload });
    if (code !== 0) throw new Error(`tar could not unpack the archive (${code}): ${stderr}`);
    if (os.userInfo().uid === 0) {
      const owned = await run('chown', ['-R', 'postgres:postgres', databaseDir]);
      if (owned.code !== 0) throw new Error(`The restored files could not be given to the postgres user: ${owned.stderr}`);
    }
  } catch (err) {
    for (const entry of await readdir(dataDir)) await rm(path.join(dataDir, entry), { recursive: true, force: true });
    throw err;
  }
}

/** Starts the restored server once: PostgreSQL recovers from backup_label to a consistent state, or refuses. */
export async function recoverRestoredServer(dataDir: string, port: number): Promise<{ postgres: string }> {
  const probe = new pg.Client({ connectionString: `postgres://127.0.0.1:${port}/postgres`, connectionTimeoutMillis: 1_000 });
  const portTaken = await probe.connect().then(() => true, (err: NodeJS.ErrnoException) => err.code !== 'ECONNREFUSED');
  await probe.end().catch(() => undefined);
  if (portTaken) throw new Error(`Port ${port} is in use: stop the server using it, or set EMBEDDED_PG_PORT to a free port, and run the restore again.`);
  const server = await startEmbeddedPostgres(dataDir, port);
  const client = new pg.Client({ connectionString: server.url });
  try {
    await client.connect();
    const { rows } = await client.query<{ recovering: boolean; version: string }>('SELECT pg_is_in_recovery() AS recovering, current_setting($1) AS version', ['server_version']);
    if (rows[0]!.recovering) throw new Error('The restored server is still in recovery.');
    return { postgres: rows[0]!.version };
  } finally {
    await client.end().catch(() => undefined);
    await server.stop();
  }
}
