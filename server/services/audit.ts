import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { AppContext } from '../context';
import { AuditEvent } from '../../db/models';
import { actorId } from '../policies/actor';
import { Batcher } from '../lib/batcher';
import { rowTag, type AuditKeys, type AuditRowContent } from './audit-chain';
import { answerToKeep, keyCompletion, type StoredAnswer } from './idempotency';
import { timeStage } from '../lib/request-timing';

export interface AuditEntry {
  action: string;
  outcome: 'success' | 'denied' | 'failure';
  resourceType?: string;
  resourceId?: string;
  /** Whose health data this touched: the row then shows in that patient's Access history. */
  patientId?: string;
}

/** The success entries of one kind of patient record, as a route file writes them. */
export const recordEntries =
  (resourceType: string) =>
  (action: string, patientId: string, resourceId?: string): AuditEntry => ({ action, outcome: 'success', resourceType, resourceId, patientId });

export type AuditRow = Omit<AuditRowContent, 'id'>;

/** The action of a refused request names what was asked: 'denied GET /api/medical-reports/{id}', 'denied consultation:join'. */
export const refusedAction = (asked: string): string => `denied ${asked}`;

export const isRefusedAction = (action: string): boolean => action.startsWith('denied ');

let keys: AuditKeys | undefined;

/** The keys rows are tagged with (from AUDIT_KEY): set by the app at start, before any row is written. */
export function useAuditKeys(auditKeys: AuditKeys): void {
  keys = auditKeys;
}

/** The row as stored: an id of its own, and the tag that vouches for its content (server/services/audit-chain.ts). */
function taggedRows(rows: AuditRow[]): string {
  if (!keys) throw new Error('The audit key is not set: useAuditKeys must run before any audit row is written.');
  const auditKeys = keys;
  return JSON.stringify(
    rows.map((row) => {
      const content = { ...row, id: randomUUID() };
      return { ...content, tag: rowTag(auditKeys, content) };
    }),
  );
}

/**
 * One statement for any batch: the rows travel as one JSON parameter, so building a batch costs a
 * JSON.stringify rather than a query builder pass over every column of every row. WITH ORDINALITY keeps
 * the rows of one batch in the order they were recorded; `seq` and `created_at` are the database's own.
 */
const INSERT_ROWS = `insert into audit_events (id, actor_kind, actor_id, actor_name, action, resource_type, resource_id, patient_id, outcome, ip, request_id, tag)
  select id, "actorKind", "actorId", "actorName", action, "resourceType", "resourceId", "patientId", outcome, ip, "requestId", tag
  from rows from (json_to_recordset(?::json) as (id uuid, "actorKind" text, "actorId" uuid, "actorName" text, action text, "resourceType" text,
    "resourceId" text, "patientId" uuid, outcome text, ip text, "requestId" text, tag text))
    with ordinality as entry(id, "actorKind", "actorId", "actorName", action, "resourceType", "resourceId", "patientId", outcome, ip, "requestId", tag, position)
  order by position`;

/**
 * Group commit: rows recorded while an insert is in flight go out together in a later multi-row insert,
 * so a busy server pays one commit (one WAL flush) for many requests, while each request still waits
 * until its own row is stored. Two inserts may be in flight, so a request never waits for more than one
 * commit ahead of its own.
 */
const writer = new Batcher<AuditRow, void>(
  async (rows) => {
    await AuditEvent.knex().raw(INSERT_ROWS, [taggedRows(rows)]);
    return rows.map(() => undefined);
  },
  { maxInFlight: 2 },
);

/** Stores one row through the shared group commit; HTTP and socket audit both end here. */
export function writeAuditRow(row: AuditRow): Promise<void> {
  return writer.submit(row);
}

/** The insert of audit rows as one raw statement, for a write that carries its audit row inside its own statement (as a CTE). */
export function auditRowsInsert(knex: Knex, rows: AuditRow[]): Knex.Raw {
  return knex.raw(INSERT_ROWS, [taggedRows(rows)]);
}

/** The audit row of a request's entry: who (the request's actor, address and id), what, and whose data. */
export function requestRow(ctx: AppContext, entry: AuditEntry): AuditRow {
  const actor = ctx.state.actor;
  return {
    actorKind: actor.kind,
    actorId: actorId(actor),
    actorName: actor.kind === 'anonymous' ? null : actor.name,
    action: entry.action.slice(0, 200),
    resourceType: entry.resourceType ?? null,
    resourceId: entry.resourceId ?? null,
    patientId: entry.patientId ?? null,
    outcome: entry.outcome,
    ip: ctx.ip,
    requestId: ctx.state.requestId,
  };
}

/** Writes one audit_events row. Never holds health data itself: only who, what kind of thing, and when. */
export async function recordAudit(ctx: AppContext, entry: AuditEntry): Promise<void> {
  await timeStage('audit', () => writeAuditRow(requestRow(ctx, entry)));
}

/**
 * A write's audit row goes into the write's own transaction as its last statement: the data and its
 * row commit together or not at all. (The chain's advisory lock is then held only for the commit.)
 */
export type AuditOfWrite<T> = (trx: Knex.Transaction, written: T) => Promise<void>;

export async function writeAuditRowIn(trx: Knex.Transaction, row: AuditRow): Promise<void> {
  await auditRowsInsert(trx, [row]);
}

/**
 * The request's audit row, in the write's transaction; with it, in the same statement, the completion of
 * the request's Idempotency-Key if it has one (with the answer, when given), so that the effect and the
 * key commit together.
 */
export async function recordAuditIn(trx: Knex.Transaction, ctx: AppContext, entry: AuditEntry, answer?: StoredAnswer): Promise<void> {
  const audit = auditRowsInsert(trx, [requestRow(ctx, entry)]);
  const claimed = ctx.state.idempotencyKey;
  if (!claimed) {
    await audit;
    return;
  }
  await trx.raw('with completed as (?) ?', [keyCompletion(trx, claimed, answer), audit]);
  claimed.completed = Boolean(answer);
}

/** The answer of a route that answers 204, for auditedWrite's `answerOf`. */
export const noContent = (): undefined => undefined;

/**
 * Runs `write` (which must use `trx`) and records its audit row in the same transaction. `answerOf`, for a
 * route whose answer is its handler's return value made from what was written, lets a retried request's
 * answer be kept in that transaction too.
 */
export function auditedWrite<T>(
  ctx: AppContext,
  write: (trx: Knex.Transaction) => PromiseLike<T>,
  entryOf: (written: T) => AuditEntry,
  answerOf?: (written: T) => unknown,
): Promise<T> {
  const audit = auditWithAnswer(ctx, entryOf, answerOf);
  return AuditEvent.transaction(async (trx) => {
    const written = await write(trx);
    await audit(trx, written);
    return written;
  });
}

/**
 * The request's audit row for a write a service runs in its own transaction, with (given `answerOf`)
 * the answer to keep for the request's Idempotency-Key: both commit with the write.
 */
export function auditWithAnswer<T>(ctx: AppContext, entryOf: (written: T) => AuditEntry, answerOf?: (written: T) => unknown): AuditOfWrite<T> {
  return async (trx, written) => {
    const keeps = answerOf && !ctx.state.answerHoldsSecrets;
    const body = keeps ? answerOf(written) : undefined;
    const answer = keeps ? answerToKeep(ctx, body === undefined ? 204 : (ctx.state.successStatus ?? 200), body ?? null) : undefined;
    await recordAuditIn(trx, ctx, entryOf(written), answer);
  };
}
