import { APPOINTMENT_STATUSES, CONSULTATION_STATUSES, PAYMENT_STATUSES, type AppointmentStatus, type ConsultationStatus } from '../../common/constants';
import { paymentAllowsJoining, paymentMachine } from '../../common/payment-status';
import { appointmentMachine } from '../../common/appointment-status';
import { CONSULTATION_STATUS_UPDATES, canJoinConsultation, consultationMachine } from '../../common/consultation-status';
import type { Appointment } from '../../db/models';
import { Conflict } from '../../server/errors';
import { assertCancellable, assertReschedulable } from '../../server/policies/appointment';
import { assertTransition } from '../../server/services/consultations/assert-transition';

/**
 * The expected machines, written out by hand from docs/decisions.md ('Consultations and calls') and spec
 * section 4, so a change to the table in common/ has to be made here too, on purpose.
 */
const CONSULTATION_MOVES = new Set(['scheduled->in_progress', 'scheduled->cancelled', 'in_progress->completed']);
const CONSULTATION_OFFERS: Record<ConsultationStatus, string[]> = {
  scheduled: ['start', 'cancel', 'reschedule'],
  in_progress: ['complete'],
  completed: [],
  cancelled: [],
};

/** A reschedule asks for confirmation again, so a confirmed appointment moves back to scheduled. */
const APPOINTMENT_MOVES = new Set(['scheduled->cancelled', 'confirmed->cancelled', 'confirmed->scheduled']);
const APPOINTMENT_OFFERS: Record<AppointmentStatus, string[]> = {
  scheduled: ['reschedule', 'cancel'],
  confirmed: ['reschedule', 'cancel'],
  completed: [],
  cancelled: [],
};

const pairs = <S extends string>(statuses: readonly S[]): Array<[S, S]> => statuses.flatMap((from) => statuses.map((to): [S, S] => [from, to]));

function refusal(act: () => void): unknown {
  try {
    act();
    return null;
  } catch (err) {
    return err;
  }
}

describe('consultation status machine', () => {
  it.each(pairs(consultationMachine.statuses))('%s -> %s is allowed exactly when the table has it', (from, to) => {
    expect(consultationMachine.canTransition(from, to)).toBe(CONSULTATION_MOVES.has(`${from}->${to}`));
  });

  it.each(pairs(consultationMachine.statuses))("the server's check, behind REST and the socket, lets %s -> %s through exactly when the table has it (else 409)", (from, to) => {
    const error = refusal(() => assertTransition(from, to));
    if (CONSULTATION_MOVES.has(`${from}->${to}`)) expect(error).toBeNull();
    else expect(error).toBeInstanceOf(Conflict);
  });

  it.each(CONSULTATION_STATUSES)('%s offers its actions, can be joined until final', (status) => {
    const offers = CONSULTATION_OFFERS[status];
    expect(consultationMachine.actionsFrom(status)).toEqual(offers);
    expect(consultationMachine.isFinal(status)).toBe(offers.length === 0);
    expect(canJoinConsultation(status)).toBe(offers.length > 0);
  });

  it('covers every status, starts scheduled, and a status update asks for exactly the statuses a move reaches', () => {
    expect(consultationMachine.statuses).toEqual(CONSULTATION_STATUSES);
    expect(consultationMachine.initial).toBe('scheduled');
    expect([...CONSULTATION_STATUS_UPDATES].sort()).toEqual([...new Set([...CONSULTATION_MOVES].map((move) => move.split('->')[1]))].sort());
  });
});

describe('appointment status machine', () => {
  it.each(pairs(appointmentMachine.statuses))('%s -> %s is allowed exactly when the table has it', (from, to) => {
    expect(appointmentMachine.canTransition(from, to)).toBe(APPOINTMENT_MOVES.has(`${from}->${to}`));
  });

  it.each(APPOINTMENT_STATUSES)('%s offers its actions, and the server refuses the others with a 409', (status) => {
    const offers = APPOINTMENT_OFFERS[status];
    const appointment = { status } as Appointment;
    expect(appointmentMachine.actionsFrom(status)).toEqual(offers);
    expect(appointmentMachine.isFinal(status)).toBe(offers.length === 0);
    const rescheduling = refusal(() => assertReschedulable(appointment));
    const cancelling = refusal(() => assertCancellable(appointment));
    if (offers.includes('reschedule')) expect(rescheduling).toBeNull();
    else expect(rescheduling).toBeInstanceOf(Conflict);
    if (offers.includes('cancel')) expect(cancelling).toBeNull();
    else expect(cancelling).toBeInstanceOf(Conflict);
  });

  it('covers every status and starts scheduled', () => {
    expect(appointmentMachine.statuses).toEqual(APPOINTMENT_STATUSES);
    expect(appointmentMachine.initial).toBe('scheduled');
  });
});

/** docs/integrations.md 'Payments (Stripe)': a declined card may be retried, a paid fee only refunded, a refund is final. */
const PAYMENT_MOVES = new Set(['pending->paid', 'failed->paid', 'pending->failed', 'paid->refunded']);

describe('consultation payment machine', () => {
  it.each(pairs(paymentMachine.statuses))('%s -> %s is allowed exactly when the table has it', (from, to) => {
    expect(paymentMachine.canTransition(from, to)).toBe(PAYMENT_MOVES.has(`${from}->${to}`));
  });

  it('starts pending, and only a failed payment keeps the call closed', () => {
    expect(paymentMachine.initial).toBe('pending');
    expect(PAYMENT_STATUSES.filter((status) => !paymentAllowsJoining(status))).toEqual(['failed']);
  });
});
