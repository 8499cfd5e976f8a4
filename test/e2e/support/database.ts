import pg from 'pg';
import { embeddedDatabaseUrl } from '../../../db/embedded';
import { E2E_PG_PORT } from './e2e-servers';

/**
 * Runs one statement against the e2e servers' database and answers its rows: for states no screen or route
 * makes (a notification, a subscription), and for what a spec reads back.
 */
export async function runSql<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, values: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(E2E_PG_PORT) });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}
