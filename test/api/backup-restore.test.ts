/**
 * `npm run backup` / `npm run restore` against a real embedded PostgreSQL of their own (port and data
 * directory apart from the tests' database): a backup taken while reports, documents with their
 * originals and audit rows keep being written restores into a new data directory with every write
 * acknowledged before it started, each document's bytes and an intact audit chain.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../db/embedded';
import { migrateToLatest } from '../../db/connection';
import { storeDocumentWithReport } from '../../server/services/documents/storage';
import { loadConfig } from '../../server/config';
import { auditKeysFrom } from '../../server/services/audit-chain';
import { useAuditKeys } from '../../server/services/audit';
import { freePort } from '../support/server-process';
import { ROOT } from '../support/test-database';
import { startSystemPostgres, SYSTEM_PG_BIN, type SystemPostgres } from '../support/system-postgres';
import { testKnexConfig } from '../support/db';

const SLOW = 240_000;
const KEY = randomBytes(36).toString('base64');

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a project script (server/<file>) as `npm run` would, with only the settings given (no DATABASE_URL unless given). */
function runScript(file: string, args: string[], env: Record<string, string>): Promise<Ran> {
  const { DATABASE_URL: _shared, BACKUP_KEY: _key, ...inherited } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', file), ...args], { cwd: ROOT, env: { ...inherited, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

const backupCli = (args: string[], env: Record<string, string>) => runScript('backup-cli.ts', args, env);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function emptyDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'medivault-restore-'));
  // As root, PostgreSQL runs as 'postgres', which must reach its directory.
  await chmod(dir, 0o755);
  return dir;
}

interface Acknowledged {
  reportId: string;
  documentId: string;
  sha256: string;
}

/** Writes a document (original, report and audit row in one statement) after another until stopped. */
function keepWriting(knex: Knex, userId: string) {
  const acknowledged: Acknowledged[] = [];
  let stopped = false;
  const write = async () => {
    const bytes = randomBytes(1024 + Math.floor(Math.random() * 64 * 1024));
    const report = await knex.transaction((trx) =>
      storeDocumentWithReport(
        { userId, filename: 'scan.pdf', mimeType: 'application/pdf', bytes, pages: 1, extractedText: 'scan', extraction: null },
        { title: 'Scan', type: 'blood_work', status: 'normal', reportDate: new Date(), doctorName: null, facility: null, summary: null, results: null },
        { trx, audit: (reportId) => ({ actorKind: 'patient', actorId: userId, action: 'document.process', outcome: 'success', resourceType: 'medical_report', resourceId: reportId, patientId: userId }) },
      ),
    );
    acknowledged.push({ reportId: report.id, documentId: report.documentId!, sha256: sha256(bytes) });
  };
  const loop = (async () => {
    while (!stopped) await write();
  })();
  return {
    acknowledged,
    async writeSome(count: number) {
      const target = acknowledged.length + count;
      const written = (async () => {
        while (acknowledged.length < target && !stopped) await new Promise((resolve) => setTimeout(resolve, 20));
      })();
      // A write that fails fails the test here rather than leaving it waiting.
      await Promise.race([written, loop]);
    },
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

let source: EmbeddedDatabase;
let sourceKnex: Knex;
let sourceDir: string;
let sourcePort: number;
let archive: string;
let workDir: string;
let userId: string;
const dataDirs: string[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'medivault-backups-'));
  archive = path.join(workDir, 'medivault.backup');
  sourceDir = await emptyDataDir();
  sourcePort = await freePort();
  source = await startEmbeddedPostgres(sourceDir, sourcePort);
  sourceKnex = knexFactory(testKnexConfig(source.url));
  await migrateToLatest(sourceKnex);
  // The writes below tag their audit rows with the key audit:verify will derive, run as runScript runs it.
  useAuditKeys(auditKeysFrom(loadConfig({ ...process.env, NODE_ENV: 'development' }).auditKey));
  [{ id: userId }] = await sourceKnex('users').insert({ username: 'backup_patient', email: 'backup@example.test', passwordHash: 'x', role: 'patient' }).returning('id');
}, SLOW);

afterAll(async () => {
  await sourceKnex?.destroy();
  await source?.stop();
  for (const dir of [sourceDir, workDir, ...dataDirs]) await rm(dir, { recursive: true, force: true });
});

describe('a backup of the embedded server taken while it is written to', () => {
  let acknowledgedBefore: Acknowledged[];
  let restoredDir: string;
  let restoredPort: number;

  it('is written while the writes go on, and restores into an empty data directory', async () => {
    const writer = keepWriting(sourceKnex, userId);
    await writer.writeSome(20);
    acknowledgedBefore = [...writer.acknowledged];
    const backup = await backupCli(['backup', '--out', archive], { DATA_DIR: sourceDir, EMBEDDED_PG_PORT: String(sourcePort), BACKUP_KEY: KEY });
    const writtenDuring = writer.acknowledged.length - acknowledgedBefore.length;
    await writer.stop();
    expect([backup.code, backup.stderr]).toEqual([0, '']);
    expect(backup.stdout).toMatch(/^Backup written to .* \(\d+\.\d MB, encrypted\): base backup of PostgreSQL 18/);
    expect(writtenDuring).toBeGreaterThan(0);
    expect((await stat(archive)).mode & 0o077).toBe(0);
    expect(await readdir(workDir)).toEqual(['medivault.backup']);

    restoredDir = await emptyDataDir();
    dataDirs.push(restoredDir);
    restoredPort = await freePort();
    const restore = await backupCli(['restore', '--in', archive], { DATA_DIR: restoredDir, EMBEDDED_PG_PORT: String(restoredPort), BACKUP_KEY: KEY });
    expect([restore.code, restore.stderr]).toEqual([0, '']);
    expect(restore.stdout).toMatch(/came up consistent/);
  }, SLOW);

  it('holds every write acknowledged before it began, each document with its bytes, its report and its audit row', async () => {
    const restored = await startEmbeddedPostgres(restoredDir, restoredPort);
    const knex = knexFactory(testKnexConfig(restored.url));
    try {
      const rows: Array<{ reportId: string; documentId: string; sha256: string; content: Buffer; audited: string | null }> = await knex('medical_reports as r')
        .join('documents as d', 'd.id', 'r.document_id')
        .leftJoin('document_files as f', 'f.document_id', 'd.id')
        .leftJoin('audit_events as a', (join) => join.on('a.resource_id', '=', knex.raw('r.id::text')).andOnVal('a.action', '=', 'document.process'))
        .where('r.user_id', userId)
        .select('r.id as reportId', 'd.id as documentId', 'd.sha256', 'f.content', 'a.id as audited');
      const byReport = new Map(rows.map((row) => [row.reportId, row]));
      for (const written of acknowledgedBefore) {
        expect(byReport.get(written.reportId)).toMatchObject({ documentId: written.documentId, sha256: written.sha256 });
      }
      // Whatever the backup holds is whole: every document has its bytes, matching its row, and every report its audit row.
      for (const row of rows) {
        expect([row.reportId, row.content ? sha256(row.content) : null, Boolean(row.audited)]).toEqual([row.reportId, row.sha256, true]);
      }
      expect(rows.length).toBeGreaterThanOrEqual(acknowledgedBefore.length);
    } finally {
      await knex.destroy();
      // audit:verify below starts the server itself.
      await restored.stop();
    }

    const verdict = await runScript('audit-verify.ts', [], { DATA_DIR: restoredDir, EMBEDDED_PG_PORT: String(restoredPort) });
    expect(verdict.stdout).toMatch(/^Audit trail intact: \d+ rows verified\./);
    expect(Number(/(\d+) rows/.exec(verdict.stdout)![1])).toBeGreaterThanOrEqual(acknowledgedBefore.length);
    expect(verdict.code).toBe(0);
  }, SLOW);
});

describe('keys, and archives or places refused', () => {
  const restoreInto = async (file: string, key: Record<string, string> = { BACKUP_KEY: KEY }) => {
    const dir = await emptyDataDir();
    dataDirs.push(dir);
    const ran = await backupCli(['restore', '--in', file], { DATA_DIR: dir, EMBEDDED_PG_PORT: String(await freePort()), ...key });
    return { ...ran, left: await readdir(dir) };
  };

  it('opens with the same key kept in a file (BACKUP_KEY_FILE)', async () => {
    const keyFile = path.join(workDir, 'backup.key');
    await writeFile(keyFile, `${KEY}\n`, { mode: 0o600 });
    const ran = await restoreInto(archive, { BACKUP_KEY_FILE: keyFile });
    expect([ran.code, ran.stderr]).toEqual([0, '']);
    expect(ran.left).toEqual(['postgres']);
  }, SLOW);

  it('refuses a wrong key, and leaves the data directory empty', async () => {
    const ran = await restoreInto(archive, { BACKUP_KEY: randomBytes(36).toString('base64') });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(/This backup key does not open the archive/);
    expect(ran.left).toEqual([]);
  }, SLOW);

  it('refuses an archive with one byte flipped, and leaves the data directory empty', async () => {
    const bytes = await readFile(archive);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = bytes[middle]! ^ 0x01;
    const tampered = path.join(workDir, 'tampered.backup');
    await writeFile(tampered, bytes);
    const ran = await restoreInto(tampered);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(/The backup archive is damaged or was altered: chunk \d+ failed its authentication check/);
    expect(ran.left).toEqual([]);
  }, SLOW);

  it('refuses an archive cut short', async () => {
    const bytes = await readFile(archive);
    const cut = path.join(workDir, 'cut.backup');
    await writeFile(cut, bytes.subarray(0, bytes.length - 100));
    const ran = await restoreInto(cut);
    expect([ran.code, ran.left]).toEqual([1, []]);
    expect(ran.stderr).toMatch(/The backup archive is incomplete/);
  }, SLOW);

  it('refuses to restore into a data directory that is not empty', async () => {
    const ran = await backupCli(['restore', '--in', archive], { DATA_DIR: sourceDir, EMBEDDED_PG_PORT: String(await freePort()), BACKUP_KEY: KEY });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(/is not empty: a backup is restored only into an empty data directory/);
  }, SLOW);

  it('refuses to back up without a key, or with a short one, and writes nothing', async () => {
    const out = path.join(workDir, 'unkeyed.backup');
    const settings = { DATA_DIR: sourceDir, EMBEDDED_PG_PORT: String(sourcePort) };
    const none = await backupCli(['backup', '--out', out], settings);
    expect([none.code, none.stderr]).toEqual([1, expect.stringMatching(/^No backup key: set BACKUP_KEY \(at least 32 characters\) or BACKUP_KEY_FILE/)]);
    const short = await backupCli(['backup', '--out', out], { ...settings, BACKUP_KEY: 'too-short' });
    expect([short.code, short.stderr]).toEqual([1, expect.stringMatching(/too short: it needs at least 32 characters/)]);
    await expect(stat(out)).rejects.toThrow();
  }, SLOW);

  it('refuses a pg_dump older than the server behind DATABASE_URL, naming the versions', async () => {
    const ran = await backupCli(['backup', '--out', path.join(workDir, 'dump.backup')], { DATABASE_URL: source.url, BACKUP_KEY: KEY, PG_DUMP_PATH: path.join(SYSTEM_PG_BIN, 'pg_dump') });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(/pg_dump is version 15, older than the PostgreSQL 18 server it would back up/);
  }, SLOW);
});

describe('a backup of an external PostgreSQL (DATABASE_URL) with its own pg_dump', () => {
  const tools = { PG_DUMP_PATH: path.join(SYSTEM_PG_BIN, 'pg_dump'), PG_RESTORE_PATH: path.join(SYSTEM_PG_BIN, 'pg_restore') };
  let external: SystemPostgres;

  beforeAll(async () => {
    external = await startSystemPostgres();
  }, SLOW);
  afterAll(async () => {
    await external?.stop();
  });

  it('restores into an empty database every write acknowledged before it began, with the documents and an intact audit chain', async () => {
    const sourceUrl = await external.database('clinic');
    const knex = knexFactory(testKnexConfig(sourceUrl));
    const dump = path.join(workDir, 'external.backup');
    let acknowledgedBefore: Acknowledged[];
    try {
      await migrateToLatest(knex);
      const [{ id }] = await knex('users').insert({ username: 'dump_patient', email: 'dump@example.test', passwordHash: 'x', role: 'patient' }).returning('id');
      const writer = keepWriting(knex, id);
      await writer.writeSome(10);
      acknowledgedBefore = [...writer.acknowledged];
      const backup = await backupCli(['backup', '--out', dump], { DATABASE_URL: sourceUrl, BACKUP_KEY: KEY, ...tools });
      await writer.stop();
      expect([backup.code, backup.stderr]).toEqual([0, '']);
      expect(backup.stdout).toMatch(/: pg_dump 15 of PostgreSQL 15/);
    } finally {
      await knex.destroy();
    }

    const targetUrl = await external.database('restored');
    const restore = await backupCli(['restore', '--in', dump], { DATABASE_URL: targetUrl, BACKUP_KEY: KEY, ...tools });
    expect([restore.code, restore.stderr]).toEqual([0, '']);
    const restored = knexFactory(testKnexConfig(targetUrl));
    try {
      const rows: Array<{ id: string; content: Buffer; sha256: string }> = await restored('documents as d').join('document_files as f', 'f.document_id', 'd.id').select('d.id', 'd.sha256', 'f.content');
      const contentOf = new Map(rows.map((row) => [row.id, sha256(row.content)]));
      for (const written of acknowledgedBefore) expect(contentOf.get(written.documentId)).toBe(written.sha256);
      for (const row of rows) expect(sha256(row.content)).toBe(row.sha256);
    } finally {
      await restored.destroy();
    }
    const verdict = await runScript('audit-verify.ts', [], { DATABASE_URL: targetUrl });
    expect([verdict.code, verdict.stdout]).toEqual([0, expect.stringMatching(/^Audit trail intact: \d+ rows verified\./)]);

    const again = await backupCli(['restore', '--in', dump], { DATABASE_URL: targetUrl, BACKUP_KEY: KEY, ...tools });
    expect([again.code, again.stderr]).toEqual([2, expect.stringMatching(/already has tables: a backup is restored only into an empty database/)]);
  }, SLOW);
});
