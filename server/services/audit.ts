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

type AuditRow = Omit<Partial<AuditEvent>, 'createdAt'>;

interface Pending {
  row: AuditRow;
  resolve: () => void;
  reject: (err: unknown) => void;
}

const MAX_BATCH = 500;

/**
 * Group commit: rows recorded while an insert is in flight go out together in the next multi-row
 * insert, so a busy server pays one commit (one WAL flush) for many requests, while each request still
 * waits until its own row is stored. An idle server inserts each row at once.
 */
class AuditWriter {
  private queue: Pending[] = [];
  private flushing = false;

  write(row: AuditRow): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    while (this.queue.length) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        await this.insert(batch);
        for (const p of batch) p.resolve();
      } catch (err) {
        if (batch.length === 1) batch[0]!.reject(err);
        // One bad row (its patient deleted meanwhile) must not sink the others: retry them one by one.
        else await Promise.all(batch.map((p) => this.insert([p]).then(p.resolve, p.reject)));
      }
    }
    this.flushing = false;
  }

  private async insert(batch: Pending[]): Promise<void> {
    const knex = AuditEvent.knex();
    // clock_timestamp() is evaluated per row, so rows of one batch keep the order they were recorded in.
    const rows = batch.map((p) => ({ ...p.row, createdAt: knex.raw('clock_timestamp()') }));
    await knex('audit_events').insert(rows);
  }
}

const writer = new AuditWriter();

/** Writes one audit_events row. Never holds health data itself: only who, what kind of thing, and when. */
export async function recordAudit(ctx: AppContext, entry: AuditEntry): Promise<void> {
  const actor = ctx.state.actor;
  await writer.write({
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
