import { Consultation } from '../../db/models';
import { NotFound } from '../errors';
import type { DoctorActor, PatientActor } from './actor';

/**
 * Who reaches which consultation. A patient reaches their own bookings, a doctor the consultations
 * booked with them; admins reach none. Anything out of reach answers 404, as if it did not exist.
 */

export function consultationsOfPatient(actor: PatientActor) {
  return Consultation.query().where('consultations.patientId', actor.userId);
}

export function consultationsOfDoctor(actor: DoctorActor) {
  return Consultation.query().where('consultations.doctorId', actor.doctorId);
}

export async function findPatientConsultation(actor: PatientActor, id: string): Promise<Consultation> {
  const consultation = await consultationsOfPatient(actor).findById(id).withGraphFetched('doctor');
  if (!consultation) throw new NotFound('Consultation not found.');
  return consultation;
}

export async function findDoctorConsultation(actor: DoctorActor, id: string): Promise<Consultation> {
  const consultation = await consultationsOfDoctor(actor).findById(id).withGraphFetched('[patient, doctor]');
  if (!consultation) throw new NotFound('Consultation not found.');
  return consultation;
}

/** A consultation the actor is a side of, with its patient and doctor: the patient's own, or one booked with the doctor. */
export async function findOwnConsultation(actor: PatientActor | DoctorActor, id: string): Promise<Consultation> {
  const scope = actor.kind === 'patient' ? consultationsOfPatient(actor) : consultationsOfDoctor(actor);
  const consultation = await scope.findById(id).withGraphFetched('[patient, doctor]');
  if (!consultation) throw new NotFound('Consultation not found.');
  return consultation;
}
