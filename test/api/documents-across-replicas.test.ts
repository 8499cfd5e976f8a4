import { mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { startTestServer, type TestServer } from '../support/app';
import { signedInClient } from '../support/factories';
import { patientParty, type Party } from './consultations-fixtures';
import type { User } from '../../db/models';
import { CLINIC_NOTE_LINES, dataUrl, textPdf } from '../support/document-fixtures';
import { testKnex } from '../support/db';
import { insertDocumentWithOriginal } from '../support/stored-documents';
import { moveOriginalsIntoDatabase } from '../../server/services/documents/move-originals';
import { Document } from '../../db/models';

let first: TestServer;
let second: TestServer;
const dataDirs: string[] = [];
let owner: Party<User>;

beforeAll(async () => {
  for (let i = 0; i < 2; i += 1) dataDirs.push(await mkdtemp(path.join(os.tmpdir(), 'medivault-replica-')));
  first = await startTestServer({ DATA_DIR: dataDirs[0]! });
  second = await startTestServer({ DATA_DIR: dataDirs[1]! });
  owner = await patientParty(first.url);
}, 60_000);
afterAll(async () => {
  await second.close();
  await first.close();
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('two app instances with their own DATA_DIR', () => {
  it('serve a document uploaded through either one, byte for byte, to the same people only', async () => {
    const pdf = await textPdf([CLINIC_NOTE_LINES]);
    const uploaded = await owner.client.post('/api/process-pdf-document', { pdfData: dataUrl('application/pdf', pdf) });
    expect(uploaded.status).toBe(200);
    const url = uploaded.body.report.documentUrl as string;

    const onSecond = await signedInClient(second.url, owner.account);
    const response = await fetch(`${second.url}${url}`, { headers: { cookie: onSecond.cookieHeader } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await response.arrayBuffer()).equals(pdf)).toBe(true);
    expect(await readdir(dataDirs[0]!)).toEqual([]);

    const stranger = await patientParty(second.url);
    expect((await stranger.client.get(url)).status).toBe(404);
  }, 60_000);
});

describe('originals left on disk by an earlier version', () => {
  const quiet = pino({ level: 'silent' });

  it('are moved into the database at start-up, once; a missing one is skipped, not fatal', async () => {
    const dataDir = dataDirs[1]!;
    const userId = owner.account.record.id;
    const onDisk = Buffer.from('%PDF-1.4 kept on disk');
    const legacy = await Document.query().insertAndFetch({ userId, filename: 'old.pdf', mimeType: 'application/pdf', byteSize: onDisk.length, sha256: 'c'.repeat(64), storageKey: `documents/${userId}/old-${Date.now()}.pdf`, pages: 1 });
    const lost = await Document.query().insertAndFetch({ userId, filename: 'lost.pdf', mimeType: 'application/pdf', byteSize: 1, sha256: 'd'.repeat(64), storageKey: `documents/${userId}/lost-${Date.now()}.pdf`, pages: 1 });
    const file = path.join(dataDir, legacy.storageKey!);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, onDisk);
    // Already in the database: never read from disk again.
    const current = await insertDocumentWithOriginal({ userId, filename: 'new.pdf', mimeType: 'application/pdf' }, Buffer.from('%PDF-1.4 current'));

    const knex = await testKnex();
    const ours = (documentIds: string[]) => knex('document_files').whereIn('document_id', documentIds).orderBy('document_id');
    const moved = await moveOriginalsIntoDatabase(knex, dataDir, quiet);
    expect(moved.moved).toBeGreaterThanOrEqual(1);
    expect((await ours([legacy.id])).map((row) => Buffer.from(row.content).toString())).toEqual(['%PDF-1.4 kept on disk']);
    expect(await ours([lost.id])).toEqual([]);
    expect(await Document.query().findById(legacy.id)).toMatchObject({ storageKey: null });
    expect(await Document.query().findById(lost.id)).toMatchObject({ storageKey: lost.storageKey });
    await expect(readdir(path.dirname(file))).resolves.toEqual([]);

    const again = await moveOriginalsIntoDatabase(knex, dataDir, quiet);
    expect(again.moved).toBe(0);
    expect((await ours([legacy.id, current.id])).length).toBe(2);
    const download = await owner.client.get(`/api/documents/${legacy.id}/file`);
    expect([download.status, download.body]).toEqual([200, '%PDF-1.4 kept on disk']);
  });
});
