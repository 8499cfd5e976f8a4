import { AuditEvent } from '../db/models';
import { Batcher } from '../server/services/batcher';
import type { SignallingSocket } from './types';

export interface SocketAuditEntry {
  action: string;
  outcome: 'success' | 'denied' | 'failure';
  consultationId: string;
  /** Whose health data this touched (shown in that patient's Access history). */
  patientId?: string;
}

type AuditRow = Omit<Partial<AuditEvent>, 'createdAt'>;

/** Group commit, as for HTTP audit rows: joins arriving together share one insert and one commit. */
const writer = new Batcher<AuditRow, void>(async (rows) => {
  const knex = AuditEvent.knex();
  // clock_timestamp() is evaluated per row, so rows of one batch keep the order they were recorded in.
  await knex('audit_events').insert(rows.map((row) => ({ ...row, createdAt: knex.raw('clock_timestamp()') })));
  return rows.map(() => undefined);
});

/** The socket counterpart of server/services/audit.ts: who, what, which consultation; never content. */
export async function recordSocketAudit(socket: SignallingSocket, entry: SocketAuditEntry): Promise<void> {
  const { role, id, name } = socket.data;
  await writer.submit({
    actorKind: role,
    actorId: id,
    actorName: name,
    action: entry.action,
    resourceType: 'consultation',
    resourceId: entry.consultationId,
    patientId: entry.patientId ?? null,
    outcome: entry.outcome,
    ip: socket.handshake.address || null,
    requestId: null,
  });
}
