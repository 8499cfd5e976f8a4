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

export async function closeTestKnex(): Promise<void> {
  await shared?.destroy();
  shared = undefined;
}
