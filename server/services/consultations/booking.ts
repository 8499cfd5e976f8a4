import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { Consultation, Doctor } from '../../../db/models';
import type { ConsultationInsertInput } from '../../../common/schemas/consultation';
import { CONSULTATION_STATUS_LABELS, DEFAULT_DURATION_MINUTES } from '../../../common/constants';
import { consultationMachine } from '../../../common/consultation-status';
import { Conflict, NotFound, ValidationFailed } from '../../errors';
import type { RealtimeEvents } from '../realtime';
import type { AuditOfWrite } from '../audit';
import { announceConsultation } from './announce';
import { advisoryXactLock } from '../../lib/advisory-lock';
import { assertDoctorStillPractising, doctorInGoodStanding } from '../doctor-standing';

const NOT_BOOKABLE = 'Please choose one of the available doctors';
const NOT_AVAILABLE = 'This doctor is not taking consultations right now. Please choose another doctor.';
const DOCTOR_BUSY = 'The doctor already has a consultation at that time. Please choose another time.';
const PATIENT_BUSY = 'You already have a consultation at that time. Please choose another time.';

/** 128 random bits: the room id must not be guessable from another consultation's. */
function newMeetingRoomId(): string {
  return `mv-${randomBytes(16).toString('hex')}`;
}

/** Locks the doctor's row for the rest of the transaction, so two bookings for them cannot both pass the overlap check. */
async function lockBookableDoctor(trx: Knex.Transaction, doctorId: string): Promise<Doctor> {
  const doctor = await Doctor.query(trx).findById(doctorId).forUpdate();
  // An unverified or deactivated doctor is not listed anywhere a patient can see, so it answers like an unknown one.
  if (!doctor || !doctorInGoodStanding(doctor)) throw new ValidationFailed(NOT_BOOKABLE, { doctorId: NOT_BOOKABLE });
  if (!doctor.isAvailable) throw new ValidationFailed(NOT_AVAILABLE, { doctorId: NOT_AVAILABLE });
  return doctor;
}

/** Serialises one patient's bookings (different doctors hold different doctor locks). */
async function lockPatientBookings(trx: Knex.Transaction, patientId: string): Promise<void> {
  await advisoryXactLock(trx, `consultation-patient:${patientId}`);
}

interface Slot {
  start: Date;
  minutes: number;
  /** The consultation being moved, which must not collide with itself. */
  exceptId?: string;
}

function overlapping(trx: Knex.Transaction, slot: Slot) {
  const end = new Date(slot.start.getTime() + slot.minutes * 60_000);
  const query = Consultation.query(trx)
    .whereNot('status', 'cancelled')
    .where('appointmentDate', '<', end)
    .whereRaw("appointment_date + duration * interval '1 minute' > ?", [slot.start]);
  if (slot.exceptId) query.whereNot('id', slot.exceptId);
  return query;
}

async function assertSlotFree(trx: Knex.Transaction, doctorId: string, patientId: string, slot: Slot): Promise<void> {
  if (await overlapping(trx, slot).where('doctorId', doctorId).first()) {
    throw new Conflict(DOCTOR_BUSY, { appointmentDate: DOCTOR_BUSY });
  }
  if (await overlapping(trx, slot).where('patientId', patientId).first()) {
    throw new Conflict(PATIENT_BUSY, { appointmentDate: PATIENT_BUSY });
  }
}

/** A new consultation: status scheduled, the doctor's fee (never the client's), a fresh meeting room; audited with it, announced once committed. */
export async function bookConsultation(
  realtime: RealtimeEvents,
  patientId: string,
  input: ConsultationInsertInput,
  audit: AuditOfWrite<Consultation>,
): Promise<Consultation> {
  const booked = await Consultation.transaction(async (trx) => {
    const doctor = await lockBookableDoctor(trx, input.doctorId);
    await lockPatientBookings(trx, patientId);
    const start = new Date(input.appointmentDate);
    const minutes = input.duration ?? DEFAULT_DURATION_MINUTES;
    await assertSlotFree(trx, doctor.id, patientId, { start, minutes });
    const consultation = await Consultation.query(trx).insertAndFetch({
      patientId,
      doctorId: doctor.id,
      appointmentDate: start,
      duration: minutes,
      status: consultationMachine.initial,
      consultationType: input.consultationType,
      meetingRoomId: newMeetingRoomId(),
      symptoms: input.symptoms,
      patientNotes: input.patientNotes ?? null,
      fee: doctor.consultationFee,
    });
    await audit(trx, consultation);
    return consultation;
  });
  announceConsultation(realtime, booked);
  return booked;
}

/** Moves a scheduled consultation to a new time, with the same doctor and overlap checks as a booking; announced once committed. */
export async function rescheduleConsultation(
  realtime: RealtimeEvents,
  consultationId: string,
  appointmentDate: string,
  audit: AuditOfWrite<Consultation>,
): Promise<Consultation> {
  const moved = await Consultation.transaction(async (trx) => {
    const consultation = await Consultation.query(trx).findById(consultationId).forUpdate();
    if (!consultation) throw new NotFound();
    if (!consultationMachine.can(consultation.status, 'reschedule')) {
      const message = `Only a scheduled consultation can be rescheduled; this one is ${CONSULTATION_STATUS_LABELS[consultation.status]}.`;
      throw new Conflict(message, { status: message });
    }
    assertDoctorStillPractising((await Doctor.query(trx).findById(consultation.doctorId).forUpdate())!, 'it cannot be moved');
    await lockBookableDoctor(trx, consultation.doctorId);
    await lockPatientBookings(trx, consultation.patientId);
    const start = new Date(appointmentDate);
    await assertSlotFree(trx, consultation.doctorId, consultation.patientId, {
      start,
      minutes: consultation.duration,
      exceptId: consultation.id,
    });
    const moved = await consultation.$query(trx).patchAndFetch({ appointmentDate: start });
    await audit(trx, moved);
    return moved;
  });
  announceConsultation(realtime, moved);
  return moved;
}
