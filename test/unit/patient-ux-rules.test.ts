import { isInJoinWindow } from '../../common/consultation-status';
import { plural } from '../../common/plural';
import type { Consultation } from '../../common/api-types';
import { cancellationOutcome, cancelledMessage, deletionCancels, withdrawnDoctorNote } from '../../web/scenes/telemedicine/refund-terms';
import { cancelledFeeLabel } from '../../web/components/consultations/fee-label';
import { groupConsultations } from '../../web/scenes/telemedicine/consultation-groups';
import { FREQUENCY_REMINDER_TIMES, nextReminderTime } from '../../common/reminder-times';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const at = (status: 'scheduled' | 'in_progress' | 'completed' | 'cancelled', minutesFromNow: number, duration = 30) => ({
  status,
  appointmentDate: new Date(NOW + minutesFromNow * 60_000).toISOString(),
  duration,
});

describe('the Join Call window', () => {
  it('opens 15 minutes before a scheduled consultation and closes at its planned end', () => {
    expect(isInJoinWindow(at('scheduled', 16), NOW)).toBe(false);
    expect(isInJoinWindow(at('scheduled', 15), NOW)).toBe(true);
    expect(isInJoinWindow(at('scheduled', -30, 30), NOW)).toBe(true);
    expect(isInJoinWindow(at('scheduled', -31, 30), NOW)).toBe(false);
    expect(isInJoinWindow(at('scheduled', 3 * 24 * 60), NOW)).toBe(false);
  });

  it('stays open while in progress and never opens for a finished consultation', () => {
    expect(isInJoinWindow(at('in_progress', -120), NOW)).toBe(true);
    expect(isInJoinWindow(at('completed', 0), NOW)).toBe(false);
    expect(isInJoinWindow(at('cancelled', 0), NOW)).toBe(false);
  });
});

describe('plural', () => {
  it('puts the noun in the number of the count', () => {
    expect(plural(1, 'consultation')).toBe('1 consultation');
    expect(plural(0, 'consultation')).toBe('0 consultations');
    expect(plural(540, 'consultation')).toBe('540 consultations');
    expect(plural(2, 'entry', 'entries')).toBe('2 entries');
  });
});

describe('reminder times', () => {
  it('suggests the usual times per frequency', () => {
    expect(FREQUENCY_REMINDER_TIMES.twice_daily).toEqual(['08:00', '20:00']);
    expect(FREQUENCY_REMINDER_TIMES.four_times_daily).toEqual(['08:00', '12:00', '16:00', '20:00']);
    expect(FREQUENCY_REMINDER_TIMES.as_needed).toBeUndefined();
  });

  it('adds a time not already in the list', () => {
    expect(nextReminderTime(['08:00'])).toBe('20:00');
    expect(nextReminderTime(['08:00', '20:00'])).toBe('14:00');
    const everyHour = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
    expect(nextReminderTime(everyHour.slice(1))).toBe('00:00');
    expect(nextReminderTime(everyHour)).toBe('00:30');
  });
});

describe('a consultation whose doctor the clinic withdrew', () => {
  const paidLate = {
    ...at('scheduled', 60),
    doctorName: 'Ines Duarte',
    fee: 7000,
    paymentStatus: 'paid',
    doctorWithdrawn: true,
    cancellation: { refundDeadline: new Date(NOW - 23 * 3_600_000).toISOString(), deadlinePassed: true, refundAmount: 7000, keptAmount: 0 },
  } as Consultation;

  it('tells the patient a late cancellation still refunds in full, and why, never naming the passed deadline', () => {
    expect(cancellationOutcome(paidLate, 24)).toBe('You paid $70.00. Dr. Ines Duarte can no longer take this consultation, so cancelling refunds the full $70.00 to your card.');
    expect(withdrawnDoctorNote(paidLate)).toBe(
      'Dr. Ines Duarte can no longer take this consultation: the clinic has withdrawn their access. Cancel it for a full refund of $70.00 and book another doctor.',
    );
  });

  it('sends the patient to the clinic once the consultation can no longer be cancelled', () => {
    expect(withdrawnDoctorNote({ ...paidLate, status: 'in_progress', cancellation: null })).toBe(
      'Dr. Ines Duarte can no longer take this consultation: the clinic has withdrawn their access. Contact the clinic about this booking.',
    );
  });
});

describe('deleting the account with consultations booked', () => {
  const booked = (status: 'scheduled' | 'completed', refundAmount: number, keptAmount: number) =>
    ({ ...at(status, 60), cancellation: status === 'scheduled' ? { refundDeadline: '', deadlinePassed: keptAmount > 0, refundAmount, keptAmount } : null }) as Consultation;

  it('says which scheduled consultations it cancels and where each paid fee goes; nothing when none is scheduled', () => {
    expect(deletionCancels([booked('completed', 0, 0)])).toBeNull();
    expect(deletionCancels([booked('scheduled', 0, 0), booked('completed', 0, 0)])).toBe(
      'Your scheduled consultation is cancelled now, and keeping your account later does not book it again.',
    );
    expect(deletionCancels([booked('scheduled', 7500, 0), booked('scheduled', 0, 6000), booked('scheduled', 5000, 0)])).toBe(
      'Your 3 scheduled consultations are cancelled now, and keeping your account later does not book them again. ' +
        '$125.00 you paid is refunded to your card. $60.00 paid for a consultation that starts too soon for a refund is kept.',
    );
  });
});


describe('a cancelled consultation whose paid fee is owed back', () => {
  const cancelled = (refundPending: boolean) => ({ ...at('cancelled', 60), fee: 7500, paymentStatus: 'paid', refundPending, cancellation: null }) as Consultation;

  it('says the refund is pending while Stripe has not made it, never that the fee is kept', () => {
    expect(cancelledFeeLabel(cancelled(true))).toBe('Refund of $75.00 pending');
    expect(cancelledMessage(cancelled(true))).toBe(
      'Your consultation has been cancelled. Your $75.00 refund is pending: the payment provider could not be reached, and the refund is retried automatically.',
    );
    expect(cancelledFeeLabel(cancelled(false))).toBe('Not refunded');
  });
});

describe('the telemedicine lists', () => {
  it('file a scheduled consultation nobody started under the past once its planned end has gone by, and keep a running one upcoming', () => {
    const named = (id: string, c: ReturnType<typeof at>) => ({ ...c, id }) as Consultation;
    const groups = groupConsultations(
      [named('tomorrow', at('scheduled', 24 * 60)), named('missed-last-week', at('scheduled', -7 * 24 * 60)), named('running-late', at('in_progress', -45)), named('ends-in-5-min', at('scheduled', -25)), named('done', at('completed', -60))],
      NOW,
    );
    expect(groups.map((g) => [g.title, g.items.map((c) => c.id)])).toEqual([
      ['Upcoming', ['running-late', 'ends-in-5-min', 'tomorrow']],
      ['Past & cancelled', ['done', 'missed-last-week']],
    ]);
  });
});
