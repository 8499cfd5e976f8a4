import { EventEmitter } from 'node:events';

/** Status changes made over REST, fanned out to live screens by the signalling service. */
export interface ConsultationStatusChange {
  consultationId: string;
  status: string;
  patientId: string;
  doctorId: string;
}

export interface RealtimeEventMap {
  'consultation:status': [ConsultationStatusChange];
}

export class RealtimeEvents extends EventEmitter<RealtimeEventMap> {}
