import knexFactory, { type Knex } from 'knex';
import { Model } from 'objection';
import { knexConfig } from '../knexfile';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded';

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  embeddedPgPort: number;
  poolMax?: number;
}

export interface Database {
  knex: Knex;
  embedded: boolean;
  close(): Promise<void>;
}

/** Connects to DATABASE_URL, or starts the embedded server under the data directory, and binds the models. */
export async function openDatabase(options: DatabaseOptions, log: (line: string) => void = () => {}): Promise<Database> {
  let embedded: EmbeddedDatabase | undefined;
  let url = options.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(options.dataDir, options.embeddedPgPort, log);
    url = embedded.url;
  }
  const knex = knexFactory(knexConfig(url, { min: 0, max: options.poolMax ?? 10 }));
  Model.knex(knex);
  return {
    knex,
    embedded: Boolean(embedded),
    async close() {
      await knex.destroy();
      await embedded?.stop();
    },
  };
}

export async function migrateToLatest(knex: Knex): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest()) as [number, string[]];
  return applied;
}

export async function databaseState(knex: Knex): Promise<'up' | 'down'> {
  try {
    await knex.raw('select 1');
    return 'up';
  } catch {
    return 'down';
  }
}
