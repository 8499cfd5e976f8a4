import knexFactory, { type Knex } from 'knex';
import { Model } from 'objection';
import { knexConfig } from '../../knexfile';

let shared: Knex | undefined;

/** The migrated test database (started by global-setup), with the models bound to it. One pool per test file. */
export async function testKnex(): Promise<Knex> {
  if (!shared) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set: run tests through jest so global-setup starts the test database');
    shared = knexFactory(knexConfig(url, { min: 0, max: 5 }));
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
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run tests through jest so global-setup starts the test database');
  return knexFactory(knexConfig(url, { min: 0, max: 1 }));
}

export async function closeTestKnex(): Promise<void> {
  await shared?.destroy();
  shared = undefined;
}
