import type { AppContext } from '../context';
import { AuditEvent } from '../../db/models';
import { actorId } from '../policies/actor';

export interface AuditEntry {
  action: string;
  outcome: 'success' | 'denied' | 'failure';
  resourceType?: string;
  resourceId?: string;
  /** Whose health data this touched: the row then shows in that patient's Access history. */
  patientId?: string;
}

/** Writes one audit_events row. Never holds health data itself: only who, what kind of thing, and when. */
export async function recordAudit(ctx: AppContext, entry: AuditEntry): Promise<void> {
  const actor = ctx.state.actor;
  await AuditEvent.query().insert({
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
