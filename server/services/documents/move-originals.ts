/**
 * Originals used to be files under DATA_DIR (`documents/<user>/<document>.<ext>`, named by the row's
 * storage_key); they now live in `document_files`. This moves any such file in, at start-up rather than
 * in the migration, which does not know DATA_DIR. It may run again at every start and on every replica at
 * once: a document whose original is in already is not read again, and a file missing on disk is
 * reported and left for a later start (its key stays, so putting the file back and restarting moves it).
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Logger } from 'pino';

interface MovedOriginals {
  moved: number;
  missing: number;
}

export async function moveOriginalsIntoDatabase(knex: Knex, dataDir: string, log: Pick<Logger, 'info' | 'warn'>): Promise<MovedOriginals> {
  const pending: Array<{ id: string; storageKey: string }> = await knex('documents')
    .whereNotNull('storage_key')
    .whereNotExists(knex('document_files').whereRaw('document_files.document_id = documents.id'))
    .select('id', 'storage_key');
  const moved: MovedOriginals = { moved: 0, missing: 0 };
  for (const { id, storageKey } of pending) {
    const file = path.resolve(dataDir, storageKey);
    const content = file.startsWith(path.resolve(dataDir) + path.sep) ? await readFile(file).catch(() => null) : null;
    if (!content) {
      log.warn({ documentId: id, file }, 'original not found on disk: the document stays without one until the file is put back and the server restarted');
      moved.missing += 1;
      continue;
    }
    await knex.transaction(async (trx) => {
      await trx('document_files').insert({ documentId: id, content }).onConflict('document_id').ignore();
      await trx('documents').where({ id }).update({ storageKey: null });
    });
    await rm(file, { force: true });
    moved.moved += 1;
  }
  if (moved.moved) log.info({ moved: moved.moved }, 'document originals moved from DATA_DIR into the database');
  return moved;
}
