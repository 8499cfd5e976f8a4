import type { Knex } from 'knex';
import type { AppContext } from '../context';

/** How long a key's first answer is kept for retries. */
const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60_000;

export interface StoredAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** A key this request holds; `completed` once its write's transaction has stored the answer. */
export interface ClaimedKey {
  scope: string;
  key: string;
  completed: boolean;
}

/** Answer headers a client may rely on after a retry; the rest (cookies above all) are never replayed. */
const REPLAYED_HEADERS = ['etag', 'location'];

/** The answer to keep for retries: a status and body, and the headers a retry may rely on, as set on `ctx` so far. */
export function answerToKeep(ctx: AppContext, status: number, body: unknown): StoredAnswer {
  const headers = Object.fromEntries(REPLAYED_HEADERS.filter((name) => ctx.response.get(name)).map((name) => [name, ctx.response.get(name)]));
  return { status, body, headers };
}

type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'in-progress' }
  | { kind: 'applied' }
  | { kind: 'different-request' };

interface KeyRow {
  fingerprint: string;
  state: 'pending' | 'applied' | 'done';
  status: number | null;
  body: unknown;
  headers: Record<string, string> | null;
}

/**
 * Claims a key for one request in a single statement, so concurrent retries on any number of processes
 * see exactly one claim. A key whose row has expired, or whose request was abandoned while pending (the
 * process died), can be claimed again.
 */
export async function claimKey(knex: Knex, scope: string, key: string, fingerprint: string, abandonedAfterMs: number): Promise<Claim> {
  const { rows } = await knex.raw<{ rows: unknown[] }>(
    `INSERT INTO idempotency_keys AS k (scope, key, fingerprint, state) VALUES (?, ?, ?, 'pending')
     ON CONFLICT (scope, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, state = 'pending', status = NULL,
       body = NULL, headers = NULL, created_at = now()
     WHERE k.created_at < now() - ?::interval OR (k.state = 'pending' AND k.created_at < now() - ?::interval)
     RETURNING 1`,
    [scope, key, fingerprint, `${IDEMPOTENCY_KEY_LIFETIME_MS} milliseconds`, `${abandonedAfterMs} milliseconds`],
  );
  if (rows.length) return { kind: 'claimed' };
  const row: KeyRow | undefined = await knex('idempotency_keys').where({ scope, key }).first('fingerprint', 'state', 'status', 'body', 'headers');
  // Released between the insert and this read: the caller's retry will claim it.
  if (!row || row.state === 'pending') return { kind: 'in-progress' };
  if (row.fingerprint !== fingerprint) return { kind: 'different-request' };
  if (row.state === 'applied') return { kind: 'applied' };
  return { kind: 'replay', answer: { status: row.status!, body: row.body, headers: row.headers ?? {} } };
}

const answerColumns = (answer: StoredAnswer) => ({ state: 'done', status: answer.status, body: JSON.stringify(answer.body ?? null), headers: answer.headers });

export async function storeAnswer(knex: Knex, scope: string, key: string, answer: StoredAnswer): Promise<void> {
  await knex('idempotency_keys').where({ scope, key }).update(answerColumns(answer));
}

/**
 * The key's completion, as a statement for the write's own transaction: with the answer when the write
 * knows it, else marked 'applied'. Either way a retry after the write committed never acts again, even
 * if the process or PostgreSQL dies before the request could answer.
 */
export function keyCompletion(trx: Knex, claimed: ClaimedKey, answer?: StoredAnswer): Knex.QueryBuilder {
  return trx('idempotency_keys')
    .where({ scope: claimed.scope, key: claimed.key })
    .whereIn('state', answer ? ['pending', 'applied'] : ['pending'])
    .update(answer ? answerColumns(answer) : { state: 'applied' });
}

/** Carried out, its answer not kept (it holds a secret): a retry is told so. */
export async function markApplied(knex: Knex, scope: string, key: string): Promise<void> {
  await knex('idempotency_keys').where({ scope, key, state: 'pending' }).update({ state: 'applied' });
}

/** A request that failed changed nothing: its key is free for the retry. */
export async function releaseKey(knex: Knex, scope: string, key: string): Promise<void> {
  await knex('idempotency_keys').where({ scope, key, state: 'pending' }).delete();
}

const PURGE_EVERY_MS = 10 * 60_000;
let lastPurge = 0;

/** Deletes expired keys at most every ten minutes per process, piggy-backing on requests. */
export async function purgeExpiredKeys(knex: Knex): Promise<void> {
  if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
  lastPurge = Date.now();
  await knex('idempotency_keys').where('createdAt', '<', new Date(Date.now() - IDEMPOTENCY_KEY_LIFETIME_MS)).delete();
}
