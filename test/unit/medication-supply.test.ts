import { REFILL_SOON_DELAY_MS, pillsLeftAt, refillReminderAt, runsOutAt, type KeptSupply } from '../../server/services/reminders/supply';
import { supplyColumns } from '../../server/services/reminders/supply-change';
import type { Medication } from '../../db/models';

const COUNTED = '2026-06-10T06:00:00.000Z';

const supply = (overrides: Partial<KeptSupply> = {}): KeptSupply => ({
  frequency: 'twice_daily',
  reminderTimes: ['08:00', '20:00'],
  startDate: '2026-01-01T00:00:00Z',
  endDate: null,
  isActive: true,
  supplyCount: 10,
  supplyCountedAt: COUNTED,
  pillsPerDose: 2,
  refillReminderDays: 2,
  ...overrides,
});

describe("a medication's supply, projected from its schedule", () => {
  it('counts down a dose at a time from the count, never below zero', () => {
    expect(pillsLeftAt(supply(), 'UTC', new Date('2026-06-10T07:59:00Z'))).toBe(10);
    expect(pillsLeftAt(supply(), 'UTC', new Date('2026-06-10T08:00:00Z'))).toBe(8);
    expect(pillsLeftAt(supply(), 'UTC', new Date('2026-06-11T21:00:00Z'))).toBe(2);
    expect(pillsLeftAt(supply(), 'UTC', new Date('2026-07-01T00:00:00Z'))).toBe(0);
    expect(pillsLeftAt(supply({ supplyCount: null }), 'UTC', new Date())).toBeNull();
  });

  it('runs out at the first dose the pills no longer cover, in the patient\'s zone', () => {
    // Five doses covered (10 pills, 2 a dose): Jun 10 08:00 and 20:00, Jun 11 08:00 and 20:00, Jun 12 08:00; the sixth is short.
    expect(runsOutAt(supply(), 'UTC')?.toISOString()).toBe('2026-06-12T20:00:00.000Z');
    // In Kolkata the count (11:30 there) comes after that day's 08:00 dose: the sixth dose is on the 13th, at 08:00 there.
    expect(runsOutAt(supply(), 'Asia/Kolkata')?.toISOString()).toBe('2026-06-13T02:30:00.000Z');
    expect(runsOutAt(supply({ supplyCount: 1 }), 'UTC')?.toISOString()).toBe('2026-06-10T08:00:00.000Z');
  });

  it('has no run-out for a medication taken as needed, ended or stopped', () => {
    expect(runsOutAt(supply({ frequency: 'as_needed' }), 'UTC')).toBeNull();
    expect(runsOutAt(supply({ isActive: false }), 'UTC')).toBeNull();
    expect(runsOutAt(supply({ endDate: '2026-06-11T00:00:00Z' }), 'UTC')).toBeNull();
  });

  it('reminds the chosen days before running out, or shortly after the count when that is already past', () => {
    expect(refillReminderAt(supply(), 'UTC')?.toISOString()).toBe('2026-06-10T20:00:00.000Z');
    expect(refillReminderAt(supply({ refillReminderDays: 7 }), 'UTC')?.getTime()).toBe(Date.parse(COUNTED) + REFILL_SOON_DELAY_MS);
    expect(refillReminderAt(supply({ refillReminderDays: null }), 'UTC')).toBeNull();
  });
});

describe('the supply columns a write stores', () => {
  const now = new Date('2026-06-11T12:00:00Z');
  const stored = supply() as unknown as Medication;

  it('counts pills entered now, one a dose unless said', () => {
    expect(supplyColumns({ pillsLeft: 30 }, undefined, 'UTC', now)).toEqual({ supplyCount: 30, supplyCountedAt: now, pillsPerDose: 1 });
  });

  it('counts again, by the old schedule, what is left when the schedule changes; other changes keep the count', () => {
    expect(supplyColumns({ reminderTimes: ['09:00'] }, stored, 'UTC', now)).toEqual({ supplyCount: 4, supplyCountedAt: now });
    expect(supplyColumns({}, stored, 'UTC', now)).toEqual({});
  });

  it('clears the refill reminder with the supply, and refuses a refill reminder with no supply', () => {
    expect(supplyColumns({ pillsLeft: null }, stored, 'UTC', now)).toEqual({ supplyCount: null, supplyCountedAt: null, refillReminderDays: null });
    expect(() => supplyColumns({ refillReminderDays: 3 }, undefined, 'UTC', now)).toThrow('Enter the pills left to get a refill reminder');
    expect(() => supplyColumns({ pillsLeft: null, refillReminderDays: 3 }, stored, 'UTC', now)).toThrow('Enter the pills left');
  });
});
