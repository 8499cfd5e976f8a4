/**
 * The consultation's states, in one table (docs/decisions.md; spec section 3): a
 * booking starts scheduled; the doctor starts a scheduled consultation and completes it once it is in
 * progress; while it is still scheduled it can be cancelled (by the patient or the doctor) and
 * rescheduled (by the patient). Completed and cancelled are final. Who may take which action is for the
 * server's policies to say, not this table.
 * Pure TypeScript: no Node or DOM imports.
 */
import type { ConsultationStatus } from './constants';
import { CONSULTATION_STATUSES } from './constants';
import { StatusMachine, type StatusAction } from './status-machine';

export const CONSULTATION_ACTIONS = {
  start: { from: ['scheduled'], to: 'in_progress' },
  complete: { from: ['in_progress'], to: 'completed' },
  cancel: { from: ['scheduled'], to: 'cancelled' },
  reschedule: { from: ['scheduled'], to: 'scheduled' },
} as const satisfies Record<string, StatusAction<ConsultationStatus>>;

export const consultationMachine = new StatusMachine(CONSULTATION_STATUSES, 'scheduled', CONSULTATION_ACTIONS);

/** What a status change asks for (PUT /api/doctor/consultation/{id}/status, consultation:setStatus): where start, complete and cancel lead. */
export const CONSULTATION_STATUS_UPDATES = [CONSULTATION_ACTIONS.start.to, CONSULTATION_ACTIONS.complete.to, CONSULTATION_ACTIONS.cancel.to] as const;
export type ConsultationStatusUpdate = (typeof CONSULTATION_STATUS_UPDATES)[number];

/**
 * Both sides may enter the call (the patient may get back into a started one) and write in its chat until
 * it is completed or cancelled; after that its chat history stays readable (docs/decisions.md).
 */
export function canJoinConsultation(status: ConsultationStatus): boolean {
  return !consultationMachine.isFinal(status);
}

/** What the server answers, and the chat panel shows, once a consultation is completed or cancelled. */
export const CONSULTATION_ENDED_MESSAGE = 'This consultation has ended: the call is over and its chat is read-only.';

/**
 * A scheduled consultation whose planned end (start plus duration) has passed with nobody starting it: it
 * did not take place. It stays scheduled (the patient may still reschedule or cancel it), but it is past.
 */
export function wasNotHeld(consultation: { status: ConsultationStatus; appointmentDate: string; duration: number }, now: number = Date.now()): boolean {
  return consultation.status === 'scheduled' && now > Date.parse(consultation.appointmentDate) + consultation.duration * 60_000;
}

/** How long before its start a scheduled consultation's Join Call appears (docs/decisions.md). */
const JOIN_CALL_OPENS_MINUTES_BEFORE = 15;

/**
 * Join Call shows for a consultation in progress, and for a scheduled one from 15 minutes before its start
 * until its planned end (start plus duration); never weeks ahead, never for a finished one.
 */
export function isInJoinWindow(consultation: { status: ConsultationStatus; appointmentDate: string; duration: number }, now: number = Date.now()): boolean {
  if (consultation.status === 'in_progress') return true;
  if (consultation.status !== 'scheduled') return false;
  const start = Date.parse(consultation.appointmentDate);
  return now >= start - JOIN_CALL_OPENS_MINUTES_BEFORE * 60_000 && now <= start + consultation.duration * 60_000;
}
