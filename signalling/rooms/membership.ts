import type { CallConsultation, ParticipantRole, SocketData } from '../../common/socket-events';
import type { PaymentStatus } from '../../common/constants';
import { consultationFor } from '../../server/policies/consultation';
import { iso } from '../../server/lib/dates';
import { personName } from '../../common/names';
import { socketActor } from '../auth';

export interface Membership {
  consultation: CallConsultation;
  role: ParticipantRole;
  patientId: string;
  doctorId: string;
  /** A consultation whose payment failed cannot be joined. */
  paymentStatus: PaymentStatus;
  /** Display names by role, as chat lines and presence show them. */
  names: Record<ParticipantRole, string>;
}

/**
 * The caller's place in a consultation, read fresh through the server's consultation policy: anyone but
 * its patient and its doctor is told it does not exist (the same 404 as the REST routes).
 */
export async function loadMembership(consultationId: string, who: Pick<SocketData, 'role' | 'id' | 'name'>): Promise<Membership> {
  const consultation = await consultationFor(socketActor(who), consultationId);
  const names = { patient: personName(consultation.patient!), doctor: consultation.doctor!.name };
  return {
    role: who.role,
    patientId: consultation.patientId,
    doctorId: consultation.doctorId,
    paymentStatus: consultation.paymentStatus,
    names,
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
