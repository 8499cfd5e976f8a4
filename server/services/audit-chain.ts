import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * The audit trail's keyed chain. The database numbers rows (`seq`, once committed) and stamps their time; everything that
 * vouches for them is computed here, under keys derived from AUDIT_KEY, which the database never holds:
 * - a row's `tag`, written with the row, vouches for what the app wrote (an inserted row has none that fits);
 * - the chain's link at a row vouches for every row up to it, with its place and time (stored at seals and
 *   in checkpoints), so a removed, added, reordered or re-timed row breaks every link after it.
 * Both are computed from the raw columns, never through a function of the schema, which the owner may change.
 */
export interface AuditKeys {
  tag: KeyObject;
  link: KeyObject;
  checkpoint: KeyObject;
}

/**
 * One key per use, so that a value made for one use never passes as another. Kept as KeyObjects: every
 * audit row is tagged, and an HMAC given raw key bytes builds a key from them each time.
 */
export function auditKeysFrom(secret: string): AuditKeys {
  const derive = (use: string) => createSecretKey(createHmac('sha256', secret).update(`medivault audit ${use}`).digest());
  return { tag: derive('row tag'), link: derive('chain link'), checkpoint: derive('checkpoint') };
}

export const mac = (key: KeyObject, text: string): string => createHmac('sha256', key).update(text, 'utf8').digest('base64url');

/** The columns the app writes (one left out is null); the tag covers all of them. */
export interface AuditRowContent {
  id: string;
  actorKind: string;
  actorId?: string | null;
  actorName?: string | null;
  action: string;
  resourceType?: string | null;
  resourceId?: string | null;
  patientId?: string | null;
  outcome: string;
  ip?: string | null;
  requestId?: string | null;
}

/** PostgreSQL gives uuids back in lower case, whatever case they were written in. */
const uuidText = (value: string | null | undefined) => value?.toLowerCase() ?? null;

function contentText(row: AuditRowContent): string {
  return JSON.stringify([
    uuidText(row.id),
    row.actorKind,
    uuidText(row.actorId),
    row.actorName ?? null,
    row.action,
    row.resourceType ?? null,
    row.resourceId ?? null,
    uuidText(row.patientId),
    row.outcome,
    row.ip ?? null,
    row.requestId ?? null,
  ]);
}

export const rowTag = (keys: AuditKeys, row: AuditRowContent): string => mac(keys.tag, contentText(row));

/** A row as the chain reads it: the app's columns, and what the database set. */
export interface ChainRow extends AuditRowContent {
  seq: number;
  /** `created_at` in microseconds since 1970, as text: exact, whatever the session's time zone. */
  createdMicros: string;
  tag: string | null;
}

/** The link before the first row: it names where the untagged rows from before the key end. */
export const chainStart = (keys: AuditKeys, legacyThrough: number): string => mac(keys.link, `start ${legacyThrough}`);

const nextLink = (keys: AuditKeys, previous: string, row: ChainRow): string =>
  mac(keys.link, [previous, row.seq, row.createdMicros, contentText(row), row.tag ?? ''].join('\n'));

/** Where the rows from before the key end (migration 20261128100000_keyed_audit_chain); null if that record is gone. */
export async function legacyThrough(knex: Knex): Promise<number | null> {
  const row = await knex('audit_chain_start').first('legacy_through as legacyThrough');
  return row ? Number(row.legacyThrough) : null;
}

/**
 * Gives the committed rows that wait for their place (`seq`) their places, in the order they were written,
 * after the last place given (migration 20261129000000_audit_numbered_after_commit). Rows are inserted
 * without one, so that no request waits for another's commit; the sealer and `audit:verify` number
 * before they read the chain. Returns how many rows it numbered.
 */
export async function numberWaitingRows(knex: Knex): Promise<number> {
  const { rows } = await knex.raw<{ rows: Array<{ numbered: number }> }>('SELECT audit_events_number() AS numbered');
  return rows[0]!.numbered;
}

/** Up to `limit` rows after `afterSeq`, in chain order, read from the table's own columns. */
export async function chainRowsAfter(knex: Knex, afterSeq: number, limit: number): Promise<ChainRow[]> {
  const { rows } = await knex.raw<{ rows: Array<Omit<ChainRow, 'seq'> & { seq: string }> }>(
    `SELECT seq, id, actor_kind AS "actorKind", actor_id AS "actorId", actor_name AS "actorName", action, resource_type AS "resourceType",
       resource_id AS "resourceId", patient_id AS "patientId", outcome, ip, request_id AS "requestId", tag,
       (extract(epoch FROM created_at) * 1000000)::bigint::text AS "createdMicros"
     FROM audit_events WHERE seq > ? ORDER BY seq LIMIT ?`,
    [afterSeq, limit],
  );
  return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
}

/**
 * Walks the chain a row at a time from a known link: each row must take the next place and, after the
 * untagged rows from before the key, carry the tag of its content.
 */
export class ChainWalk {
  constructor(
    private readonly keys: AuditKeys,
    private readonly untaggedThrough: number,
    public link: string,
    public seq: number,
  ) {}

  /** Moves past `row`, or says what is wrong with it (and stays put). */
  step(row: ChainRow): string | null {
    if (row.seq !== this.seq + 1) return `row ${this.seq + 1} is missing: rows were removed`;
    if (row.seq > this.untaggedThrough && row.tag !== rowTag(this.keys, row)) {
      return row.tag ? 'its tag does not match its content: it was altered, or written without the audit key' : 'it has no tag: it was written without the audit key';
    }
    this.link = nextLink(this.keys, this.link, row);
    this.seq = row.seq;
    return null;
  }
}
