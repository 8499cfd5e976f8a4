import type { Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import { migrationSource } from './db/migrations';

/**
 * knex warns of every connection that fails (a line and a stack per request while PostgreSQL is away);
 * the server logs each outage once itself (server/services/database-outage.ts), so those go, and the rest stay.
 */
const CONNECTION_NOISE = /^(Connection Error|Acquire connection error)/;
const quietAboutConnections = (write: (message: string) => void) => (message: unknown) => {
  if (!CONNECTION_NOISE.test(String(message))) write(String(message));
};

/** How long a query waits for a connection: PostgreSQL's answer to a new one, and a free one from the pool. */
interface ConnectionWaits {
  connectMs: number;
  acquireMs: number;
}

/** A connection that cannot be had in time fails the request (503) rather than keeping it waiting. */
const PRODUCTION_WAITS: ConnectionWaits = { connectMs: 5000, acquireMs: 10_000 };

/** Knex settings for a database URL: snake_case in SQL, camelCase in code, migrations from db/migrations. */
export function knexConfig(connectionString: string, pool: Knex.PoolConfig = { min: 0, max: 10 }, waits = PRODUCTION_WAITS): Knex.Config {
  return {
    client: 'pg',
    connection: { connectionString, connectionTimeoutMillis: waits.connectMs },
    acquireConnectionTimeout: waits.acquireMs,
    pool,
    log: { warn: quietAboutConnections(console.warn), error: quietAboutConnections(console.error) },
    migrations: { migrationSource, tableName: 'knex_migrations' },
    ...knexSnakeCaseMappers(),
  };
}

export default knexConfig(process.env.DATABASE_URL ?? 'postgres://localhost/medivault');
