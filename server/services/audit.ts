import type { AppContext } from '../context';
import { AuditEvent } from '../../db/models';
import { actorId } from '../policies/actor';
import { Batcher } from '../lib/batcher';

export interface AuditEntry {
  action: string;
  outcome: 'success' | 'denied' | 'failure';
  resourceType?: string;
  resourceId?: string;
  /** Whose health data this touched: the row then shows in that patient's Access history. */
  patientId?: string;
}

export type AuditRow = Omit<Partial<AuditEvent>, 'createdAt'>;

/**
 * One statement for any batch: the rows travel as one JSON parameter, so building a batch costs a
 * JSON.stringify rather than a query builder pass over every column of every row. WITH ORDINALITY and
 * clock_timestamp() keep the rows of one batch in the order they were recorded.
 */
const INSERT_ROWS = `insert into audit_events (actor_kind, actor_id, actor_name, action, resource_type, resource_id, patient_id, outcome, ip, request_id, created_at)
  select "actorKind", "actorId", "actorName", action, "resourceType", "resourceId", "patientId", outcome, ip, "requestId", clock_timestamp()
  from rows from (json_to_recordset(?::json) as ("actorKind" text, "actorId" uuid, "actorName" text, action text, "resourceType" text,
    "resourceId" text, "patientId" uuid, outcome text, ip text, "requestId" text))
    with ordinality as entry("actorKind", "actorId", "actorName", action, "resourceType", "resourceId", "patientId", outcome, ip, "requestId", position)
  order by position`;

/**
 * Group commit: rows recorded while an insert is in flight go out together in a later multi-row insert,
 * so a busy server pays one commit (one WAL flush) for many requests, while each request still waits
 * until its own row is stored. Two inserts may be in flight, so a request never waits for more than one
 * commit ahead of its own.
 */
const writer = new Batcher<AuditRow, void>(
  async (rows) => {
    await AuditEvent.knex().raw(INSERT_ROWS, [JSON.stringify(rows)]);
    return rows.map(() => undefined);
  },
  { maxInFlight: 2 },
);

/** Stores one row through the shared group commit; HTTP and socket audit both end here. */
export function writeAuditRow(row: AuditRow): Promise<void> {
  return writer.submit(row);
}

/** Writes one audit_events row. Never holds health data itself: only who, what kind of thing, and when. */
export async function recordAudit(ctx: AppContext, entry: AuditEntry): Promise<void> {
  const actor = ctx.state.actor;
  await writeAuditRow({
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
  });
}
