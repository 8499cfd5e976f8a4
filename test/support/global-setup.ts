import knexFactory from 'knex';
import { startEmbeddedPostgres } from '../../db/embedded';
import { TEST_DATA_DIR, TEST_PG_PORT } from './test-database';
import { exportTestMediasoupWorkerBin } from './mediasoup-worker';
import { testKnexConfig } from './db';

/** Names the SFU worker, starts the test database once (embedded unless DATABASE_URL is set) and migrates it. */
export default async function globalSetup(): Promise<void> {
  exportTestMediasoupWorkerBin();
  if (!process.env.DATABASE_URL) {
    const db = await startEmbeddedPostgres(TEST_DATA_DIR, TEST_PG_PORT);
    process.env.DATABASE_URL = db.url;
    (globalThis as { __testDatabase?: { stop(): Promise<void> } }).__testDatabase = db;
  }
  const knex = knexFactory(testKnexConfig(process.env.DATABASE_URL));
  try {
    await knex.migrate.latest();
  } finally {
    await knex.destroy();
  }
}
