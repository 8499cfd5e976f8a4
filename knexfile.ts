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

/**
 * Knex settings for a database URL: snake_case in SQL, camelCase in code, migrations from db/migrations.
 * A connection that cannot be had within `connectTimeoutMs` fails the request (503) rather than keeping it waiting.
 */
export function knexConfig(connectionString: string, pool: Knex.PoolConfig = { min: 0, max: 10 }, connectTimeoutMs = 5000): Knex.Config {
  return {
    client: 'pg',
    connection: { connectionString, connectionTimeoutMillis: connectTimeoutMs },
    acquireConnectionTimeout: 10_000,
    pool,
    log: { warn: quietAboutConnections(console.warn), error: quietAboutConnections(console.error) },
    migrations: { migrationSource, tableName: 'knex_migrations' },
    ...knexSnakeCaseMappers(),
  };
}

export default knexConfig(process.env.DATABASE_URL ?? 'postgres://localhost/medivault');
