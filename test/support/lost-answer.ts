/**
 * 'The write committed, then PostgreSQL went away before the request could answer': as the database
 * owner, any statement of its own that completes an Idempotency-Key after the write (the request's last
 * step before answering) fails as a PostgreSQL shutting down does (57P01). A completion made inside the
 * write's own transaction (a `with ... update` statement) still commits.
 */
import type { Knex } from 'knex';

const triggerOf = (key: string) => `idempotency_crash_${key.replace(/-/g, '')}`;

async function failSeparateCompletion(owner: Knex, key: string): Promise<void> {
  const name = triggerOf(key);
  await owner.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF lower(current_query()) LIKE 'update "idempotency_keys"%' THEN
        RAISE EXCEPTION 'terminating connection due to administrator command' USING ERRCODE = '57P01';
      END IF;
      RETURN NEW;
    END $$`);
  await owner.raw(`CREATE TRIGGER ${name} BEFORE UPDATE ON idempotency_keys FOR EACH ROW
    WHEN (OLD.key = '${key}' AND NEW.state IS DISTINCT FROM OLD.state) EXECUTE FUNCTION ${name}()`);
}

async function restoreCompletion(owner: Knex, key: string): Promise<void> {
  await owner.raw(`DROP TRIGGER IF EXISTS ${triggerOf(key)} ON idempotency_keys`);
  await owner.raw(`DROP FUNCTION IF EXISTS ${triggerOf(key)}()`);
}

/** Minutes later: a key still pending by then counts as abandoned, and its retry would run afresh. */
export const minutesLater = (owner: Knex, key: string) => owner('idempotency_keys').where({ key }).update({ created_at: new Date(Date.now() - 10 * 60_000) });

/** Runs `attempt` (the first request and its retry) with the key's separate completion failing, then restores it. */
export async function withLostAnswer<T>(owner: Knex, key: string, attempt: () => Promise<T>): Promise<T> {
  await failSeparateCompletion(owner, key);
  try {
    return await attempt();
  } finally {
    await restoreCompletion(owner, key);
  }
}
