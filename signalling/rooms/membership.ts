import type { CallConsultation, ParticipantRole, SocketData } from '../../common/socket-events';
import type { PaymentStatus } from '../../common/constants';
import { consultationFor } from '../../server/policies/consultation';
import { consultationForGuest } from '../../server/policies/consultation-guest';
import { iso } from '../../server/lib/dates';
import { personName } from '../../common/names';
import type { ChatNames } from '../../server/services/chat-transcript';
import { socketActor } from '../auth';
import { doctorInGoodStanding } from '../../server/services/doctor-standing';

export interface Membership {
  consultation: CallConsultation;
  role: ParticipantRole;
  patientId: string;
  doctorId: string;
  /** A consultation whose payment failed cannot be joined. */
  paymentStatus: PaymentStatus;
  /** The sides' display names, as chat lines and presence show them. */
  names: ChatNames;
  /** A guest's place: when the doctor let them in (null while they wait in the lobby). Absent for the two sides. */
  guest?: { admittedAt: Date | null };
  /** The clinic unverified or deactivated the doctor: they cannot hold the consultation. */
  doctorWithdrawn: boolean;
  /** When the patient and the doctor were first in the call together (rooms/call-start.ts). */
  callConnectedAt: Date | null;
}

/** The consultation as the call reads it, the caller's way in checked: a side through the consultation policy, a guest through their link. */
async function reachedConsultation(consultationId: string, who: Pick<SocketData, 'role' | 'id' | 'name' | 'guestOf'>): Promise<{ consultation: Awaited<ReturnType<typeof consultationFor>>; guest?: Membership['guest'] }> {
  const actor = socketActor(who);
  if (actor.kind !== 'guest') return { consultation: await consultationFor(actor, consultationId) };
  const { consultation, row } = await consultationForGuest(actor, consultationId);
  return { consultation, guest: { admittedAt: row.admittedAt } };
}

/**
 * The caller's place in a consultation, read fresh through the server's policies: anyone but its patient,
 * its doctor and its own guests is told it does not exist (the same 404 as the REST routes).
 */
export async function loadMembership(consultationId: string, who: Pick<SocketData, 'role' | 'id' | 'name' | 'guestOf'>): Promise<Membership> {
  const { consultation, guest } = await reachedConsultation(consultationId, who);
  const names = { patient: personName(consultation.patient!), doctor: consultation.doctor!.name };
  return {
    role: who.role,
    patientId: consultation.patientId,
    doctorId: consultation.doctorId,
    paymentStatus: consultation.paymentStatus,
    names,
    ...(guest && { guest }),
    doctorWithdrawn: !doctorInGoodStanding(consultation.doctor!),
    callConnectedAt: consultation.callConnectedAt,
    consultation: {
      id: consultation.id,
      status: consultation.status,
      consultationType: consultation.consultationType,
      doctorName: consultation.doctor!.name,
      doctorSpecialty: consultation.doctor!.specialty,
      patientName: names.patient,
      appointmentDate: iso(consultation.appointmentDate)!,
      duration: consultation.duration,
    },
  };
}
