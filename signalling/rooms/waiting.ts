import { CONSULTATION_STATUSES, type ConsultationStatus } from '../../common/constants';
import { canJoinConsultation } from '../../common/consultation-status';
import type { WaitingPatient } from '../../common/socket-events';
import type { DoctorActor } from '../../server/policies/actor';
import { consultationsOf, type ConsultationSide } from '../../server/policies/consultation';
import type { SignallingServices } from '../services';
import { actorRoom } from './names';
import { roomSnapshots, type RoomSnapshot } from './presence';

/** What decides whose screens hear about a waiting patient, and whether there is still a call to wait for. */
export interface WaitingSubject {
  doctorId: string;
  status: ConsultationStatus;
}

type WaitingServices = Pick<SignallingServices, 'io' | 'reconnecting'>;

const OPEN_STATUSES = CONSULTATION_STATUSES.filter(canJoinConsultation);

/**
 * The patient waits when they are in the room and the doctor is not. Presence's own rule decides who is
 * in: someone whose connection dropped a moment ago still is (the call screen shows them reconnecting,
 * not gone), so a network blip neither clears the doctor's 'Patient is waiting' nor raises it twice.
 */
function waitingPatient({ participants, joinedAt }: RoomSnapshot): Omit<WaitingPatient, 'consultationId'> | null {
  if (participants.some((p) => p.role === 'doctor')) return null;
  const patient = participants.find((p) => p.role === 'patient');
  return patient ? { patientName: patient.name, waitingSince: joinedAt.patient ?? new Date().toISOString() } : null;
}

/**
 * Tells the doctor's screens (their own room, so every tab: dashboard, consultation page, call) whether
 * the patient now waits in this consultation's call. Without a subject at hand (a leave, a drop) it is
 * read fresh, as `who` (the one who came or went) reaches it; a consultation that is over has nobody waiting.
 */
export async function announceWaiting(services: WaitingServices, consultationId: string, room: RoomSnapshot, who: ConsultationSide, known?: WaitingSubject): Promise<void> {
  const subject = known ?? (await consultationsOf(who).findById(consultationId).select('doctorId', 'status'));
  if (!subject) return;
  const waiting = canJoinConsultation(subject.status) ? waitingPatient(room) : null;
  services.io
    .to(actorRoom('doctor', subject.doctorId))
    .emit('consultation:patientWaiting', waiting ? { consultationId, waiting: true, ...waiting } : { consultationId, waiting: false });
}

/** The doctor's consultations that can still be held and have a patient waiting right now (one room fetch for all). */
export async function waitingPatientsOf(services: WaitingServices, doctor: DoctorActor): Promise<WaitingPatient[]> {
  const open = await consultationsOf(doctor).whereIn('status', OPEN_STATUSES).select('id');
  const rooms = await roomSnapshots(services, open.map((c) => c.id));
  const waiting: WaitingPatient[] = [];
  for (const [consultationId, room] of rooms) {
    const patient = waitingPatient(room);
    if (patient) waiting.push({ consultationId, ...patient });
  }
  return waiting;
}
