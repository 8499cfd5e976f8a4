import type { Knex } from 'knex';
import type { RefusedResource } from '../server/errors';
import { refusedAction, writeAuditRow, writeAuditRowIn, type AuditRow } from '../server/services/audit';
import type { SignallingSocket } from './types';
import { timeStage } from '../server/lib/request-timing';

interface SocketAuditEntry {
  action: string;
  outcome: 'success' | 'denied' | 'failure';
  consultationId: string;
  /** What the action was on, when not the consultation itself (a guest of it). */
  resource?: { type: string; id: string };
  /** Whose health data this touched (shown in that patient's Access history). */
  patientId?: string;
}

/** Who asked: the socket's owner and address. */
function socketActorFields(socket: SignallingSocket): Pick<AuditRow, 'actorKind' | 'actorId' | 'actorName' | 'ip'> {
  const { role, id, name, address } = socket.data;
  return { actorKind: role, actorId: id, actorName: name, ip: address };
}

function socketRow(socket: SignallingSocket, entry: SocketAuditEntry): AuditRow {
  return {
    ...socketActorFields(socket),
    action: entry.action,
    resourceType: entry.resource?.type ?? 'consultation',
    resourceId: entry.resource?.id ?? entry.consultationId,
    patientId: entry.patientId ?? null,
    outcome: entry.outcome,
    requestId: null,
  };
}

/** The socket counterpart of server/services/audit.ts (timed as the request's audit stage): who, what, which consultation; never content. */
export async function recordSocketAudit(socket: SignallingSocket, entry: SocketAuditEntry): Promise<void> {
  await timeStage('audit', () => writeAuditRow(socketRow(socket, entry)));
}

/** The same row for a write, stored in the write's own transaction. */
export function recordSocketAuditIn(trx: Knex.Transaction, socket: SignallingSocket, entry: SocketAuditEntry): Promise<void> {
  return writeAuditRowIn(trx, socketRow(socket, entry));
}

/** The `denied` row of a socket request refused a record (as REST writes it: routes/define.ts), with the request's id. */
export async function recordSocketRefusal(socket: SignallingSocket, request: { event: string; requestId: string }, refused: RefusedResource): Promise<void> {
  await writeAuditRow({
    ...socketActorFields(socket),
    action: refusedAction(request.event),
    resourceType: refused.resourceType,
    resourceId: refused.resourceId,
    patientId: refused.patientId ?? null,
    outcome: 'denied',
    requestId: request.requestId,
  });
}
