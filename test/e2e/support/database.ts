import pg from 'pg';
import { embeddedDatabaseUrl } from '../../../db/embedded';
import { E2E_PG_PORT } from './e2e-servers';

/** Runs one statement against the e2e servers' database: for states no screen or route makes (a notification, a subscription). */
export async function runSql(sql: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(E2E_PG_PORT) });
  await client.connect();
  try {
    await client.query(sql, values);
  } finally {
    await client.end();
  }
}
