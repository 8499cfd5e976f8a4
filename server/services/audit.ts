import type { AppContext } from '../context';
import { AuditEvent } from '../../db/models';
import { actorId } from '../policies/actor';
import { Batcher } from './batcher';

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
 * Group commit: rows recorded while an insert is in flight go out together in the next multi-row
 * insert, so a busy server pays one commit (one WAL flush) for many requests, while each request still
 * waits until its own row is stored.
 */
const writer = new Batcher<AuditRow, void>(async (rows) => {
  const knex = AuditEvent.knex();
  // clock_timestamp() is evaluated per row, so rows of one batch keep the order they were recorded in.
  await knex('audit_events').insert(rows.map((row) => ({ ...row, createdAt: knex.raw('clock_timestamp()') })));
  return rows.map(() => undefined);
});

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
