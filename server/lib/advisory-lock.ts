import type { Knex } from 'knex';

/** Holds a PostgreSQL advisory lock named `key` until the transaction ends (every process sees it). */
export async function advisoryXactLock(trx: Knex.Transaction, key: string): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [key]);
}

/**
 * Runs `work` while holding the lock, so the same work for the same key (a double click, two tabs, two
 * processes) runs one at a time. `work` uses its own connections: the lock does not block row writes.
 */
export async function withAdvisoryLock<T>(knex: Knex, key: string, work: () => Promise<T>): Promise<T> {
  return knex.transaction(async (trx) => {
    await advisoryXactLock(trx, key);
    return work();
  });
}
