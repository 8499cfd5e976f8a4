import { acceptRephrasing } from '../../server/services/summary/rephrase';

const originals = [
  'Brain MRI from Jan 29, 2026 is marked urgent.',
  'Complete Blood Count from Jan 14, 2026: Hemoglobin 13.2 g/dL is below the reference range (13.5-17.5).',
];

describe('accepting a rephrasing', () => {
  it('accepts one faithful rewording per statement', () => {
    const reworded = ['Your Brain MRI from Jan 29, 2026 was flagged as urgent.', 'In your Jan 14, 2026 blood count, hemoglobin was 13.2 g/dL, under the 13.5-17.5 range.'];
    expect(acceptRephrasing(originals, reworded)).toEqual(reworded);
  });

  it('refuses a different number of statements', () => {
    expect(acceptRephrasing(originals, [originals[0]])).toBeNull();
    expect(acceptRephrasing(originals, [...originals, 'Also drink more water.'])).toBeNull();
  });

  it('refuses numbers the original did not carry', () => {
    expect(acceptRephrasing(originals, [originals[0], 'Hemoglobin 12.2 g/dL is below the range (13.5-17.5) on Jan 14, 2026.'])).toBeNull();
  });

  it('refuses empty, non-text or runaway statements', () => {
    expect(acceptRephrasing(originals, ['', originals[1]])).toBeNull();
    expect(acceptRephrasing(originals, [42, originals[1]])).toBeNull();
    expect(acceptRephrasing(originals, [originals[0].repeat(5), originals[1]])).toBeNull();
    expect(acceptRephrasing(originals, 'not a list')).toBeNull();
  });
});
