import { EventEmitter } from 'node:events';

/** Consultation changes (bookings, reschedules, status changes) and sign-outs, fanned out to live sockets by the signalling service. */
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

export interface RealtimeEventMap {
  'consultation:status': [ConsultationStatusChange];
  'session:ended': [SessionEnded];
}

export class RealtimeEvents extends EventEmitter<RealtimeEventMap> {}
