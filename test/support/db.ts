import { randomUUID } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { Model } from 'objection';
import { knexConfig } from '../../knexfile';
import { migrateToLatest } from '../../db/connection';

let shared: Knex | undefined;

/**
 * Production gives up on a new connection after 5 s and on a free one after 10 s; a test suite waits longer:
 * beside a busy core and other suites, PostgreSQL took more than 5 s to hand a suite its first connection,
 * and what the suites check is not how fast that comes.
 */
export const testKnexConfig = (url: string, pool?: Knex.PoolConfig) => knexConfig(url, pool, { connectMs: 30_000, acquireMs: 35_000 });

function testDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run tests through jest so global-setup starts the test database');
  return url;
}

/**
 * The migrated test database (started by global-setup), or the one at `url`, with the models bound to it.
 * One pool per test file.
 */
export async function testKnex(url = testDatabaseUrl()): Promise<Knex> {
  if (!shared) {
    shared = knexFactory(testKnexConfig(url, { min: 0, max: 5 }));
    Model.knex(shared);
  }
  return shared;
}

/**
 * A pool of one connection to the test database, apart from the shared one: for statements that must not
 * land on a connection whose backend a test has just killed (the shared pool may hand that out once more
 * before it hears the socket close). Destroy it when done.
 */
export function separateTestKnex(): Knex {
  return knexFactory(testKnexConfig(testDatabaseUrl(), { min: 0, max: 1 }));
}

/**
 * A fresh, migrated database beside the shared one, dropped by `drop`: for a scenario that needs a database
 * of its own, and for a suite that runs the job queue: the queue lives in its database, and two suites running jobs on one would take each other's jobs (a push
 * claimed by a server told of another push service deletes the subscription unsent).
 */
export async function ownTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const named = (database: string) => Object.assign(new URL(testDatabaseUrl()), { pathname: `/${database}` }).toString();
  const name = `suite_${randomUUID().replace(/-/g, '')}`;
  const admin = knexFactory(testKnexConfig(named('postgres'), { min: 0, max: 1 }));
  await admin.raw('CREATE DATABASE ??', [name]);
  const owner = knexFactory(testKnexConfig(named(name), { min: 0, max: 1 }));
  try {
    await migrateToLatest(owner);
  } finally {
    await owner.destroy();
  }
  return {
    url: named(name),
    async drop() {
      await admin.raw('DROP DATABASE ?? WITH (FORCE)', [name]);
      await admin.destroy();
    },
  };
}

export async function closeTestKnex(): Promise<void> {
  await shared?.destroy();
  shared = undefined;
}
