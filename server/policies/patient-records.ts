import { Appointment, Consultation, MedicalReport, Medication } from '../../db/models';
import { NotFound } from '../errors';
import type { DoctorActor } from './actor';

/**
 * A doctor may read a patient's records only while that patient has a consultation with them that
 * was not cancelled. Everyone else (other doctors, admins) gets 404.
 */
export async function assertDoctorTreatsPatient(actor: DoctorActor, patientId: string): Promise<void> {
  const link = await Consultation.query()
    .where({ doctorId: actor.doctorId, patientId })
    .whereNot('status', 'cancelled')
    .first()
    .select('id');
  if (!link) throw new NotFound('Patient not found.');
}

/** The records a treating doctor may read, newest first. Call assertDoctorTreatsPatient before. */
export async function patientRecords(patientId: string) {
  const [reports, medications, appointments] = await Promise.all([
    MedicalReport.query().where('userId', patientId).orderBy('reportDate', 'desc'),
    Medication.query().where('userId', patientId).orderBy('startDate', 'desc'),
    Appointment.query().where('userId', patientId).orderBy('appointmentDate', 'desc'),
  ]);
  return { reports, medications, appointments };
}
