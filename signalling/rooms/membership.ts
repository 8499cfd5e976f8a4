import { Consultation } from '../../db/models';
import { NotFound } from '../../server/errors';
import type { CallConsultation, ParticipantRole, SocketData } from '../../common/socket-events';
import type { ConsultationStatus, ConsultationType, PaymentStatus } from '../../common/constants';
import { iso } from '../../server/lib/dates';
import { personName } from '../../common/names';

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

interface MembershipRow {
  id: string;
  patientId: string;
  doctorId: string;
  status: ConsultationStatus;
  consultationType: ConsultationType;
  appointmentDate: Date;
  duration: number;
  paymentStatus: PaymentStatus;
  firstName: string | null;
  lastName: string | null;
  username: string;
  doctorName: string;
  doctorSpecialty: string;
}

/**
 * The caller's place in a consultation, read from the database. Anyone but its patient and its
 * doctor is told it does not exist (the same 404 rule as the REST routes).
 */
export async function loadMembership(consultationId: string, who: Pick<SocketData, 'role' | 'id'>): Promise<Membership> {
  const row: MembershipRow | undefined = await Consultation.knex()('consultations as c')
    .join('users as p', 'p.id', 'c.patientId')
    .join('doctors as d', 'd.id', 'c.doctorId')
    .where('c.id', consultationId)
    .andWhere(who.role === 'patient' ? 'c.patientId' : 'c.doctorId', who.id)
    .first(
      'c.id',
      'c.patientId',
      'c.doctorId',
      'c.status',
      'c.consultationType',
      'c.appointmentDate',
      'c.duration',
      'c.paymentStatus',
      'p.firstName',
      'p.lastName',
      'p.username',
      'd.name as doctorName',
      'd.specialty as doctorSpecialty',
    );
  if (!row) throw new NotFound('Consultation not found.');
  const names = { patient: personName(row), doctor: row.doctorName };
  return {
    role: who.role,
    patientId: row.patientId,
    doctorId: row.doctorId,
    paymentStatus: row.paymentStatus,
    names,
    consultation: {
      id: row.id,
      status: row.status,
      consultationType: row.consultationType,
      doctorName: row.doctorName,
      doctorSpecialty: row.doctorSpecialty,
      patientName: names.patient,
      appointmentDate: iso(row.appointmentDate)!,
      duration: row.duration,
    },
  };
}
