import { writeAuditRow } from '../server/services/audit';
import type { SignallingSocket } from './types';

export interface SocketAuditEntry {
  action: string;
  outcome: 'success' | 'denied' | 'failure';
  consultationId: string;
  /** Whose health data this touched (shown in that patient's Access history). */
  patientId?: string;
}

/** The socket counterpart of server/services/audit.ts: who, what, which consultation; never content. */
export async function recordSocketAudit(socket: SignallingSocket, entry: SocketAuditEntry): Promise<void> {
  const { role, id, name } = socket.data;
  await writeAuditRow({
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
