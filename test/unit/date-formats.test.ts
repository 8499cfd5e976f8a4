import { dateFormat } from '../../common/date-formats';

describe('kept date formats', () => {
  it('makes one format per locale and options, and formats as Intl does', () => {
    const options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'Asia/Tokyo' };
    const format = dateFormat('en-US', options);
    expect(dateFormat('en-US', { ...options })).toBe(format);
    expect(dateFormat('en-GB', options)).not.toBe(format);
    expect(dateFormat('en-US', { ...options, timeZone: 'America/Denver' })).not.toBe(format);
    const instant = new Date('2026-03-02T20:00:00Z');
    expect(format.format(instant)).toBe(new Intl.DateTimeFormat('en-US', options).format(instant));
    expect(format.format(instant)).toBe('Mar 3, 2026');
  });

  it('refuses an unknown time zone as Intl does, keeping nothing of it', () => {
    expect(() => dateFormat('en-US', { timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError);
    expect(() => dateFormat('en-US', { timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError);
  });

  it('keeps a bounded number, however many spellings of a zone requests bring', () => {
    const first = dateFormat('en-US', { timeZone: 'Europe/Paris' });
    const letters = 'europeparis'.split('');
    // 600 spellings of one zone (Intl takes any case), each a new format to keep.
    for (let i = 0; i < 600; i++) dateFormat('en-US', { timeZone: letters.map((c, bit) => ((i >> bit) & 1 ? c.toUpperCase() : c)).join('').replace(/^(.{6})/, '$1/') });
    expect(dateFormat('en-US', { timeZone: 'Europe/Paris' })).not.toBe(first);
  });
});
