import type { Knex } from 'knex';
import { writeAuditRow, writeAuditRowIn, type AuditRow } from '../server/services/audit';
import type { SignallingSocket } from './types';

export interface SocketAuditEntry {
  action: string;
  outcome: 'success' | 'denied' | 'failure';
  consultationId: string;
  /** Whose health data this touched (shown in that patient's Access history). */
  patientId?: string;
}

function socketRow(socket: SignallingSocket, entry: SocketAuditEntry): AuditRow {
  const { role, id, name } = socket.data;
  return {
    actorKind: role,
    actorId: id,
    actorName: name,
    action: entry.action,
    resourceType: 'consultation',
    resourceId: entry.consultationId,
    patientId: entry.patientId ?? null,
    outcome: entry.outcome,
    ip: socket.data.address,
    requestId: null,
  };
}

/** The socket counterpart of server/services/audit.ts: who, what, which consultation; never content. */
export async function recordSocketAudit(socket: SignallingSocket, entry: SocketAuditEntry): Promise<void> {
  await writeAuditRow(socketRow(socket, entry));
}

/** The same row for a write, stored in the write's own transaction. */
export function recordSocketAuditIn(trx: Knex.Transaction, socket: SignallingSocket, entry: SocketAuditEntry): Promise<void> {
  return writeAuditRowIn(trx, socketRow(socket, entry));
}
