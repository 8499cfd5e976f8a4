import { EventEmitter } from 'node:events';
import type { DocumentProgressEvent } from '../../common/socket-events';
import type { DoctorActor } from '../policies/actor';

/** Consultation changes (bookings, reschedules, status changes, guest links), document progress, sign-outs and withdrawn doctors, fanned out to live sockets by the signalling service. */
export interface ConsultationStatusChange {
  consultationId: string;
  status: string;
  patientId: string;
  doctorId: string;
}

/** A session that signed out: its sockets must stop acting for it at once. */
export interface SessionEnded {
  fingerprint: string;
}

/**
 * A doctor the clinic unverified or deactivated ('doctor:withdrawn'), or verified and active again
 * ('doctor:reinstated'): the patients waiting in their calls must be told.
 */
export interface DoctorStandingChanged {
  doctor: DoctorActor;
}

/**
 * Something of a consultation only its patient and doctor see changed, so their screens read it again: its
 * guest links ('consultation:guests': asked for, approved, used or ended) or its fee ('consultation:payment':
 * paid, failed, refunded, or a refund owed).
 */
export interface ConsultationSides {
  consultationId: string;
  patientId: string;
  doctorId: string;
}

/** Progress of a document a patient sent with an X-Upload-Id, for that patient's own screens. */
export interface DocumentProgress extends DocumentProgressEvent {
  userId: string;
}

interface RealtimeEventMap {
  'consultation:status': [ConsultationStatusChange];
  'document:progress': [DocumentProgress];
  'session:ended': [SessionEnded];
  'doctor:withdrawn': [DoctorStandingChanged];
  'doctor:reinstated': [DoctorStandingChanged];
  'consultation:guests': [ConsultationSides];
  'consultation:payment': [ConsultationSides];
}

export class RealtimeEvents extends EventEmitter<RealtimeEventMap> {}
