/**
 * `npm run backup -- --out FILE` and `npm run restore -- --in FILE`: one encrypted archive of the database
 * (documents included), taken while MediVault serves, and brought back into an empty data directory
 * or database. The embedded server is backed up with PostgreSQL's base-backup API (backup/base-backup.ts),
 * an external one (DATABASE_URL) with its own pg_dump (backup/pg-dump.ts).
 */
import './runtime/refuse-old-node';
import './runtime/load-env-file';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { pipeline as pipelineDone } from 'node:stream/promises';
import { constants, createZstdCompress, createZstdDecompress } from 'node:zlib';
import { loadConfig, type Config } from './config';
import { startEmbeddedPostgres } from '../db/embedded';
import { decryptingStream, encryptingStream, type ArchiveDescription } from './backup/archive-crypto';
import { readBackupKey } from './backup/backup-key';
import { writeBaseBackup } from './backup/base-backup';
import { checkPgDump, databaseIsEmpty, restoreDump, writeDump } from './backup/pg-dump';
import { recoverRestoredServer, requireEmptyDataDir, unpackBaseBackup } from './backup/restore-data-dir';
import { serverVersion } from './backup/server-version';

class UsageError extends Error {}

function argument(name: string): string {
  const index = process.argv.indexOf(name);
  const value = index > 0 ? process.argv[index + 1] : undefined;
  if (!value) throw new UsageError(`usage: npm run backup -- --out FILE | npm run restore -- --in FILE (${name} FILE is missing)`);
  return path.resolve(value);
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function backup(config: Config, out: string): Promise<string> {
  const key = await readBackupKey();
  const partial = `${out}.partial`;
  const file = createWriteStream(partial, { mode: 0o600 });
  const createdAt = new Date().toISOString();
  try {
    let summary: string;
    if (config.databaseUrl) {
      const { postgres, pgDumpMajor } = await checkPgDump(config.databaseUrl);
      const encrypt = await encryptingStream(key, { kind: 'pg-dump', createdAt, postgres, compression: 'none', pgDumpMajor });
      const written = pipelineDone(encrypt, file);
      await writeDump(config.databaseUrl, encrypt);
      encrypt.end();
      await written;
      summary = `pg_dump ${pgDumpMajor} of PostgreSQL ${postgres}`;
    } else {
      const server = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort);
      try {
        const { text: postgres } = await serverVersion(server.url);
        // zstd's fastest level: a data directory compresses well, and documents (compressed already) pass at disk speed.
        const compress = createZstdCompress({ params: { [constants.ZSTD_c_compressionLevel]: 1 } });
        const written = pipelineDone(compress, await encryptingStream(key, { kind: 'base-backup', createdAt, postgres, compression: 'zstd' }), file);
        const result = await writeBaseBackup(server.url, path.join(config.dataDir, 'postgres'), compress);
        compress.end();
        await written;
        summary = `base backup of PostgreSQL ${postgres}, WAL ${result.startLsn} to ${result.stopLsn} (${result.walSegments} segments)`;
      } finally {
        await server.stop();
      }
    }
    await rename(partial, out);
    return `Backup written to ${out} (${megabytes((await stat(out)).size)}, encrypted): ${summary}, taken ${createdAt}.`;
  } catch (err) {
    file.destroy();
    await rm(partial, { force: true });
    throw err;
  }
}

async function restore(config: Config, input: string): Promise<string> {
  const key = await readBackupKey();
  await stat(input).catch(() => {
    throw new UsageError(`${input} does not exist.`);
  });
  if (!config.databaseUrl) await requireEmptyDataDir(config.dataDir);
  const { stream: decrypt, described } = decryptingStream(key);
  const payload = pipeline(createReadStream(input), decrypt, () => undefined);
  const description: ArchiveDescription = await described;
  if (description.kind === 'base-backup') {
    if (config.databaseUrl) throw new UsageError('This archive is a base backup of the embedded PostgreSQL: unset DATABASE_URL and set DATA_DIR to an empty directory to restore it.');
    await unpackBaseBackup(pipeline(payload, createZstdDecompress(), () => undefined), config.dataDir);
    try {
      await recoverRestoredServer(config.dataDir, config.embeddedPgPort);
    } catch (err) {
      throw new Error(`The archive was unpacked into ${config.dataDir}, but PostgreSQL did not recover it: ${err instanceof Error ? err.message : String(err)}`);
    }
    return `Restored the base backup of PostgreSQL ${description.postgres} taken ${description.createdAt} into ${config.dataDir}; PostgreSQL replayed its WAL and came up consistent. Check it with: npm run audit:verify`;
  }
  if (!config.databaseUrl) throw new UsageError('This archive is a pg_dump of an external PostgreSQL: set DATABASE_URL to an empty database to restore it into.');
  if (!(await databaseIsEmpty(config.databaseUrl))) throw new UsageError('The database at DATABASE_URL already has tables: a backup is restored only into an empty database (createdb a new one).');
  await restoreDump(config.databaseUrl, payload, description.pgDumpMajor ?? 0);
  return `Restored the pg_dump of PostgreSQL ${description.postgres} taken ${description.createdAt} into the database at DATABASE_URL. Check it with: npm run audit:verify`;
}

async function main(command: string | undefined): Promise<void> {
  if (command !== 'backup' && command !== 'restore') throw new UsageError('usage: server/backup-cli.ts backup --out FILE | restore --in FILE');
  const file = argument(command === 'backup' ? '--out' : '--in');
  const config = loadConfig();
  const started = Date.now();
  const said = command === 'backup' ? await backup(config, file) : await restore(config, file);
  process.stdout.write(`${said} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}

main(process.argv[2]).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(err instanceof UsageError ? 2 : 1);
});
