import knexFactory, { type Knex } from 'knex';
import { Model } from 'objection';
import { knexConfig } from '../knexfile';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded';
import { appRoleFor, grantAppRole, urlAs } from './app-role';

interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  embeddedPgPort: number;
  poolMax?: number;
}

export interface Database {
  knex: Knex;
  embedded: boolean;
  /** Whom `knex` connects as: the owner, or the app role (connectAsAppRole). */
  url: string;
  /** Closes the pool, then stops the embedded server if this process started one. */
  close(): Promise<void>;
  /** For a process that must exit at once: tells an embedded server it started to shut down, without waiting. */
  stopNow(): void;
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
    url,
    async close() {
      await knex.destroy();
      await embedded?.stop();
    },
    stopNow: () => embedded?.stopNow(),
  };
}

/**
 * The server's own connection: the app role (db/app-role.ts), set up by the owner connection, which is
 * closed once that is done; migrations and seeding run before, as the owner. The models are bound to it.
 */
export async function connectAsAppRole(owner: Database, sessionSecret: string, poolMax = 10): Promise<Database> {
  const role = appRoleFor(owner.url, sessionSecret);
  await grantAppRole(owner.knex, role);
  await owner.knex.destroy();
  const url = urlAs(owner.url, role);
  const knex = knexFactory(knexConfig(url, { min: 0, max: poolMax }));
  Model.knex(knex);
  return {
    knex,
    embedded: owner.embedded,
    url,
    async close() {
      await knex.destroy();
      await owner.close();
    },
    stopNow: () => owner.stopNow(),
  };
}

/**
 * Brings the schema up to date. Processes starting together on a new database take turns: otherwise each
 * creates knex's own tables and all but one fail their start. The lock is a session's, on a connection of
 * its own outside the pool (a pool of one still has its connection for the migrations); closing it lets go.
 */
export async function migrateToLatest(knex: Knex): Promise<string[]> {
  const holder = await knex.client.acquireRawConnection();
  try {
    await knex.raw("select pg_advisory_lock(hashtextextended('medivault:migrations', 0))").connection(holder);
    const [, applied] = (await knex.migrate.latest()) as [number, string[]];
    return applied;
  } finally {
    await knex.client.destroyRawConnection(holder);
  }
}

export async function databaseState(knex: Knex): Promise<'up' | 'down'> {
  try {
    await knex.raw('select 1');
    return 'up';
  } catch {
    return 'down';
  }
}
