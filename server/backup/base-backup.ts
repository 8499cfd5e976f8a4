/**
 * A base backup of the embedded PostgreSQL server with its low-level API, taken while it serves
 * ("Making a Base Backup Using the Low Level API" in the PostgreSQL docs), as one tar stream:
 *
 * 1. On one session kept open throughout: a temporary physical replication slot, so the server keeps
 *    every WAL segment from here on, then `pg_backup_start(label, fast => true)`.
 * 2. The data directory as tar, leaving out what the docs say may be (postmaster.pid and .opts, WAL,
 *    replication slots, temporary and statistics files). Files change while tar reads them: the WAL
 *    replayed at restore makes them consistent, so tar's "file changed as we read it" is expected.
 * 3. `pg_backup_stop(wait_for_archive => false)`: its backup_label goes into the archive, with the WAL
 *    segments from the start's to the stop's. With those the copy starts on its own, like pg_basebackup's
 *    with its WAL fetched (no recovery.signal or restore_command needed): PostgreSQL reads backup_label,
 *    replays the WAL to the end of the backup and only then accepts connections, or refuses to start if
 *    any is missing.
 *
 * The two tar streams are written one after the other; restore reads them with tar --ignore-zeros.
 */
import { mkdtemp, readdir, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import pg from 'pg';
import { run } from './child';

/** Relative to the data directory; GNU tar's exclusion patterns (wildcards match '/'). */
const LEFT_OUT = [
  './postmaster.pid',
  './postmaster.opts',
  './backup_label',
  './backup_label.old',
  './tablespace_map',
  './recovery.signal',
  './standby.signal',
  './pg_wal/0*',
  './pg_replslot/*',
  './pg_dynshmem/*',
  './pg_notify/*',
  './pg_serial/*',
  './pg_snapshots/*',
  './pg_stat_tmp/*',
  './pg_subtrans/*',
  'pgsql_tmp*',
  'pg_internal.init',
];

const WAL_SEGMENT = /^[0-9A-F]{24}$/;
const TIMELINE_HISTORY = /^[0-9A-F]{8}\.history$/;

interface BaseBackupResult {
  startLsn: string;
  stopLsn: string;
  walSegments: number;
}

/** Tar exits 1 when a file changed or vanished while it was read: expected here (see above). */
async function tar(args: string[], into: Writable): Promise<void> {
  const { code, stderr } = await run('tar', ['--create', '--file=-', '--format=posix', '--warning=no-file-changed', '--warning=no-file-removed', '--warning=no-file-shrank', ...args], { into });
  if (code > 1) throw new Error(`tar could not read the data directory (${code}): ${stderr}`);
}

/** Connects to the embedded server, checks it serves `dataDirectory`, and writes its base backup into `into`. */
export async function writeBaseBackup(url: string, dataDirectory: string, into: Writable): Promise<BaseBackupResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const staging = await mkdtemp(path.join(os.tmpdir(), 'medivault-backup-'));
  try {
    const served = (await client.query<{ data_directory: string }>('SHOW data_directory')).rows[0]!.data_directory;
    if ((await realpath(served)) !== (await realpath(dataDirectory))) {
      throw new Error(`The PostgreSQL server on this port serves ${served}, not ${dataDirectory}: check DATA_DIR and EMBEDDED_PG_PORT.`);
    }
    const tablespaces = (await client.query("SELECT spcname FROM pg_tablespace WHERE spcname NOT IN ('pg_default', 'pg_global')")).rowCount;
    if (tablespaces) throw new Error('This server has tablespaces outside its data directory, which the backup does not copy: move them into pg_default first.');
    await client.query('SELECT pg_create_physical_replication_slot($1, true, true)', [`medivault_backup_${process.pid}_${Date.now()}`]);
    const start = (await client.query<{ lsn: string; wal: string }>("SELECT lsn::text, pg_walfile_name(lsn) AS wal FROM pg_backup_start($1, fast => true) AS lsn", [`medivault ${new Date().toISOString()}`])).rows[0]!;
    await tar(['--directory', dataDirectory, ...LEFT_OUT.map((pattern) => `--exclude=${pattern}`), '.'], into);
    const stop = (await client.query<{ lsn: string; wal: string; labelfile: string }>('SELECT lsn::text, pg_walfile_name(lsn) AS wal, labelfile FROM pg_backup_stop(wait_for_archive => false)')).rows[0]!;
    await writeFile(path.join(staging, 'backup_label'), stop.labelfile);
    const timeline = start.wal.slice(0, 8);
    const wal = (await readdir(path.join(dataDirectory, 'pg_wal')))
      .filter((name) => TIMELINE_HISTORY.test(name) || (WAL_SEGMENT.test(name) && name.startsWith(timeline) && name >= start.wal && name <= stop.wal))
      .sort()
      .map((name) => `./pg_wal/${name}`);
    if (!wal.includes(`./pg_wal/${stop.wal}`)) throw new Error(`WAL segment ${stop.wal} is missing from pg_wal: the backup would not be consistent.`);
    await tar(['--directory', staging, 'backup_label', '--directory', dataDirectory, ...wal], into);
    return { startLsn: start.lsn, stopLsn: stop.lsn, walSegments: wal.filter((name) => WAL_SEGMENT.test(path.basename(name))).length };
  } finally {
    // Ending the session ends a backup still in progress and drops the temporary slot.
    await client.end().catch(() => undefined);
    await rm(staging, { recursive: true, force: true });
  }
}
