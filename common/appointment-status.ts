/**
 * The appointment's states as the app moves them, in one table (spec section 4; docs/decisions.md):
 * a booking starts scheduled; the patient reschedules or cancels an appointment that
 * is scheduled or confirmed, and a new time has to be confirmed again, so a rescheduled appointment is
 * scheduled. Confirmed and completed are set by the practice, never by the app; completed and cancelled
 * are final (cancelling keeps the row, so the Cancelled count stays true).
 * Pure TypeScript: no Node or DOM imports.
 */
import type { AppointmentStatus } from './constants';
import { APPOINTMENT_STATUSES } from './constants';
import { StatusMachine, type StatusAction } from './status-machine';

export const APPOINTMENT_ACTIONS = {
  reschedule: { from: ['scheduled', 'confirmed'], to: 'scheduled' },
  cancel: { from: ['scheduled', 'confirmed'], to: 'cancelled' },
} as const satisfies Record<string, StatusAction<AppointmentStatus>>;

export const appointmentMachine = new StatusMachine(APPOINTMENT_STATUSES, 'scheduled', APPOINTMENT_ACTIONS);
