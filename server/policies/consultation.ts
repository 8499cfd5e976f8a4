import { Consultation } from '../../db/models';
import { RefusedAccess } from '../errors';
import type { DoctorActor, PatientActor } from './actor';
import { canJoinConsultation } from '../../common/consultation-status';
import { paymentAllowsJoining } from '../../common/payment-status';
import type { ConsultationStatus, PaymentStatus } from '../../common/constants';

/**
 * Who reaches which consultation, for REST and sockets alike. A patient reaches their own bookings, a
 * doctor the consultations booked with them; admins reach none. Anything out of reach answers 404, as if
 * it did not exist, and is audited as a refusal.
 */

/** Someone who can be one of a consultation's two sides. */
export type ConsultationSide = PatientActor | DoctorActor;

/** The two sides of a consultation, as its row names them. */
export interface ConsultationSides {
  patientId: string;
  doctorId: string;
}

/** The column that ties the actor to a consultation, and the actor's value there. */
function sideColumn(actor: ConsultationSide): { column: keyof ConsultationSides; id: string } {
  return actor.kind === 'patient' ? { column: 'patientId', id: actor.userId } : { column: 'doctorId', id: actor.doctorId };
}

/** Whether the actor is one of these sides: the rule of consultationsOf, for facts already at hand. */
export function isSideOf(actor: ConsultationSide, sides: ConsultationSides): boolean {
  const { column, id } = sideColumn(actor);
  return sides[column] === id;
}

/** The consultations the actor is a side of. */
export function consultationsOf(actor: ConsultationSide) {
  const { column, id } = sideColumn(actor);
  return Consultation.query().where(`consultations.${column}`, id);
}

/** A consultation the actor is a side of, with its patient and doctor; any other is refused (404). */
export async function consultationFor(actor: ConsultationSide, id: string): Promise<Consultation> {
  const consultation = await consultationsOf(actor).findById(id).withGraphFetched('[patient, doctor]');
  if (consultation) return consultation;
  const foreign = await Consultation.query().findById(id).select('patientId');
  throw new RefusedAccess('Consultation not found.', { resourceType: 'consultation', resourceId: id, patientId: foreign?.patientId });
}

/** Whether a side may enter the consultation's call and chat now: it is still open and its fee has not failed (the join handler's rule). */
export function mayJoin(consultation: { status: ConsultationStatus; paymentStatus: PaymentStatus }): boolean {
  return canJoinConsultation(consultation.status) && paymentAllowsJoining(consultation.paymentStatus);
}
