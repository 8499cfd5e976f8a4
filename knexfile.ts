import type { Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import { migrationSource } from './db/migrations';

/** Knex settings for a database URL: snake_case in SQL, camelCase in code, migrations from db/migrations. */
export function knexConfig(connectionString: string, pool: Knex.PoolConfig = { min: 0, max: 10 }): Knex.Config {
  return {
    client: 'pg',
    connection: { connectionString },
    pool,
    migrations: { migrationSource, tableName: 'knex_migrations' },
    ...knexSnakeCaseMappers(),
  };
}

export default knexConfig(process.env.DATABASE_URL ?? 'postgres://localhost/medivault');
