import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, migrateToLatest, type Database } from '../../db/connection';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The benches' database: DATABASE_URL when set, else an embedded server under `folder`, migrated. */
export async function openBenchDatabase(folder = '.data-bench', port = process.env.BENCH_PG_PORT ?? '54379'): Promise<{ config: Config; db: Database }> {
  const config = loadConfig({
    NODE_ENV: 'development',
    DATABASE_URL: process.env.DATABASE_URL,
    DATA_DIR: path.join(ROOT, folder),
    EMBEDDED_PG_PORT: port,
  });
  const db = await openDatabase(config);
  await migrateToLatest(db.knex);
  return { config, db };
}
