import { randomUUID } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { migrateToLatest } from '../../db/connection';
import { testKnexConfig } from '../support/db';

const url = (database: string) => Object.assign(new URL(process.env.DATABASE_URL!), { pathname: `/${database}` }).toString();

describe('replicas starting together on a new database', () => {
  const name = `fresh_${randomUUID().replace(/-/g, '')}`;
  let admin: Knex;
  const replicas: Knex[] = [];

  beforeAll(async () => {
    admin = knexFactory(testKnexConfig(url('postgres'), { min: 0, max: 1 }));
    await admin.raw('CREATE DATABASE ??', [name]);
    replicas.push(...Array.from({ length: 3 }, () => knexFactory(testKnexConfig(url(name), { min: 0, max: 10 }))));
  });
  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.destroy()));
    await admin.raw('DROP DATABASE ?? WITH (FORCE)', [name]);
    await admin.destroy();
  });

  it('migrate it once, one after another, and every replica starts', async () => {
    const runs = await Promise.allSettled(replicas.map((replica) => migrateToLatest(replica)));
    expect(runs.filter((run) => run.status === 'rejected')).toEqual([]);
    const applied = runs.map((run) => (run.status === 'fulfilled' ? run.value.length : -1));
    // One replica applied every migration; the others found nothing left to do.
    expect(applied.filter((count) => count > 0)).toHaveLength(1);
    expect(applied.filter((count) => count === 0)).toHaveLength(replicas.length - 1);
  });
});
