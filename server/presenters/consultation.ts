import type { Consultation, User } from '../../db/models';
import type {
  Consultation as ConsultationJson,
  ConsultationPatient,
  DoctorConsultation,
} from '../../common/api-types';
import { iso } from '../lib/dates';
import { cancellationTerms } from '../services/payments/refund-rule';
import { mayJoin } from '../policies/consultation';
import type { RecordAbilities } from '../policies/patient-data';
import { doctorInGoodStanding } from '../services/doctor-standing';

function presentFields(c: Consultation): ConsultationJson {
  const doctor = c.doctor;
  if (!doctor) throw new Error('a consultation is presented with its doctor relation');
  const withdrawn = !doctorInGoodStanding(doctor);
  return {
    id: c.id,
    patientId: c.patientId,
    doctorId: c.doctorId,
    doctorName: doctor.name,
    doctorSpecialty: doctor.specialty,
    appointmentDate: iso(c.appointmentDate)!,
    duration: c.duration,
    status: c.status,
    consultationType: c.consultationType,
    meetingRoomId: c.meetingRoomId,
    symptoms: c.symptoms,
    diagnosis: c.diagnosis,
    prescription: c.prescription,
    followUpDate: iso(c.followUpDate),
    consultationNotes: c.consultationNotes,
    patientNotes: c.patientNotes,
    fee: c.fee,
    paymentStatus: c.paymentStatus,
    cancellation: cancellationTerms(c, withdrawn),
    refundPending: c.status === 'cancelled' && c.paymentStatus === 'paid' && Boolean(c.refundDueAt),
    rating: c.rating,
    feedback: c.feedback,
    recordingUrl: c.recordingUrl,
    createdAt: iso(c.createdAt)!,
    updatedAt: iso(c.updatedAt)!,
    canJoin: mayJoin(c),
    doctorWithdrawn: withdrawn,
  };
}

/** A consultation as its patient sees it, with the doctor's name and specialty (load the `doctor` relation). */
export function presentConsultation(c: Consultation): ConsultationJson {
  return presentFields(c);
}

/** A consultation read again with its doctor, as its patient sees it: the answer to a change. */
export async function presentReloadedConsultation(c: Consultation): Promise<ConsultationJson> {
  return presentConsultation(await c.$query().withGraphFetched('doctor'));
}

/** The patient as their doctor sees them: contact details only, never account internals. */
function presentConsultationPatient(patient: User): ConsultationPatient {
  const contact = patient.emergencyContact;
  return {
    id: patient.id,
    firstName: patient.firstName ?? '',
    lastName: patient.lastName ?? '',
    email: patient.email,
    phone: patient.phone,
    emergencyContact: contact ? { name: contact.name, relationship: contact.relationship, phone: contact.phone } : null,
  };
}

/** A consultation as its doctor sees it (load the `[patient, doctor]` relations), with what the doctor may do with its patient's records. */
export function presentDoctorConsultation(c: Consultation, records: RecordAbilities): DoctorConsultation {
  if (!c.patient) throw new Error('presentDoctorConsultation needs the patient relation');
  return { ...presentFields(c), patient: presentConsultationPatient(c.patient), ...records };
}
