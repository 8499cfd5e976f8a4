import {
  formatResultKey,
  isPastAppointment,
  isUpcomingAppointment,
  medicationState,
  parseReferenceRange,
  parseResults,
  rangePosition,
  readMeasurement,
} from '../../common/records';

const NOW = Date.parse('2026-03-15T12:00:00.000Z');

describe('medication state', () => {
  it('is Inactive when not active, Expired when active past its end date, else Active', () => {
    expect(medicationState({ isActive: false, endDate: null }, NOW)).toBe('inactive');
    expect(medicationState({ isActive: false, endDate: '2026-01-01T00:00:00.000Z' }, NOW)).toBe('inactive');
    // The end date is a day taken in full: Expired only once it is over, not from its midnight.
    expect(medicationState({ isActive: true, endDate: '2026-03-14T11:59:00.000Z' }, NOW)).toBe('expired');
    expect(medicationState({ isActive: true, endDate: '2026-03-15T00:00:00.000Z' }, NOW)).toBe('active');
    expect(medicationState({ isActive: true, endDate: '2026-03-16T00:00:00.000Z' }, NOW)).toBe('active');
    expect(medicationState({ isActive: true, endDate: null }, NOW)).toBe('active');
  });
});

describe('appointment classification (spec section 4)', () => {
  const at = (status: 'scheduled' | 'confirmed' | 'completed' | 'cancelled', offsetMs: number) => ({ status, appointmentDate: new Date(NOW + offsetMs).toISOString() });

  it('counts scheduled or confirmed appointments not in the past as upcoming', () => {
    expect(isUpcomingAppointment(at('scheduled', 60_000), NOW)).toBe(true);
    expect(isUpcomingAppointment(at('confirmed', 0), NOW)).toBe(true);
    expect(isUpcomingAppointment(at('confirmed', -60_000), NOW)).toBe(false);
    expect(isUpcomingAppointment(at('cancelled', 60_000), NOW)).toBe(false);
    expect(isUpcomingAppointment(at('completed', 60_000), NOW)).toBe(false);
  });

  it('counts completed or past-dated appointments as past, never cancelled ones', () => {
    expect(isPastAppointment(at('completed', 60_000), NOW)).toBe(true);
    expect(isPastAppointment(at('scheduled', -60_000), NOW)).toBe(true);
    expect(isPastAppointment(at('cancelled', -60_000), NOW)).toBe(false);
    expect(isPastAppointment(at('confirmed', 60_000), NOW)).toBe(false);
  });
});

describe('test results', () => {
  it('reads an object, or a JSON string holding one', () => {
    expect(parseResults({ a: 1 })).toEqual({ kind: 'fields', entries: [['a', 1]] });
    expect(parseResults('{"findings":"Clear"}')).toEqual({ kind: 'fields', entries: [['findings', 'Clear']] });
  });

  it('treats nothing as empty and anything else as unparseable', () => {
    for (const nothing of [null, undefined, '', '  ', {}, '{}']) expect(parseResults(nothing).kind).toBe('empty');
    for (const bad of ['{not json', '[1,2]', '42', [1, 2], 7]) expect(parseResults(bad).kind).toBe('invalid');
  });

  it('puts a space before each capital and uppercases the first letter', () => {
    expect(formatResultKey('whiteBloodCells')).toBe('White Blood Cells');
    expect(formatResultKey('hemoglobin')).toBe('Hemoglobin');
    expect(formatResultKey('LDL')).toBe('LDL');
    expect(formatResultKey('LDLCholesterol')).toBe('LDL Cholesterol');
    expect(formatResultKey('ldlCholesterol')).toBe('LDL Cholesterol');
    expect(formatResultKey('episodesAbove100AtRest')).toBe('Episodes Above 100 At Rest');
    expect(formatResultKey('vitaminB12')).toBe('Vitamin B12');
    expect(formatResultKey('resting_heart_rate')).toBe('Resting Heart Rate');
    expect(formatResultKey('hba1c')).toBe('HbA1c');
  });

  it('parses reference ranges', () => {
    expect(parseReferenceRange('13.5-17.5')).toEqual({ low: 13.5, high: 17.5 });
    expect(parseReferenceRange(' 4.5 - 11.0 ')).toEqual({ low: 4.5, high: 11 });
    expect(parseReferenceRange('<100')).toEqual({ high: 100 });
    expect(parseReferenceRange('>= 40')).toEqual({ low: 40 });
    for (const bad of ['normal', '17.5-13.5', '', 12, null]) expect(parseReferenceRange(bad)).toBeNull();
  });

  it('reads measurements and places them against their range', () => {
    const low = readMeasurement({ value: 13.2, unit: 'g/dL', referenceRange: '13.5-17.5' })!;
    expect(low).toEqual({ value: 13.2, unit: 'g/dL', range: { low: 13.5, high: 17.5 }, rangeText: '13.5-17.5' });
    expect(rangePosition(low)).toBe('below');
    expect(rangePosition(readMeasurement({ value: '180', referenceRange: '<100' })!)).toBe('above');
    expect(rangePosition(readMeasurement({ value: 17.5, referenceRange: '13.5-17.5' })!)).toBe('within');
    expect(rangePosition(readMeasurement(3)!)).toBeNull();
    expect(readMeasurement('No acute abnormality')).toBeNull();
    expect(readMeasurement({ value: 'n/a' })).toBeNull();
  });
});
