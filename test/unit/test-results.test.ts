import { resultsView, textOf } from '../../web/components/records/test-results';

describe('test results display (spec section 2)', () => {
  it('shows a key-value object with keys split at capitals and capitalised', () => {
    expect(resultsView({ whiteBloodCells: 'Normal', findings: 'No acute abnormality' })).toEqual({
      kind: 'fields',
      moreFields: 0,
      fields: [
        { key: 'whiteBloodCells', label: 'White Blood Cells', value: { kind: 'text', text: 'Normal' } },
        { key: 'findings', label: 'Findings', value: { kind: 'text', text: 'No acute abnormality' } },
      ],
    });
  });

  it('reads a JSON string into the same fields', () => {
    const view = resultsView('{"chiefComplaint":"Cough","refills":2}');
    expect(view).toMatchObject({ kind: 'fields', fields: [{ label: 'Chief Complaint', value: { kind: 'text', text: 'Cough' } }, { label: 'Refills', value: { kind: 'text', text: '2' } }] });
  });

  it('shows arrays as chips, objects in arrays side by side, and an empty array as no chips', () => {
    const view = resultsView({ impressions: ['Clear lungs', 'Normal heart size'], medications: [{ name: 'Lisinopril', dosage: '10mg' }], allergies: [] });
    if (view.kind !== 'fields') throw new Error('expected fields');
    expect(view.fields.map((f) => f.value)).toEqual([
      { kind: 'chips', items: ['Clear lungs', 'Normal heart size'] },
      { kind: 'chips', items: ['Lisinopril · 10mg'] },
      { kind: 'chips', items: [] },
    ]);
  });

  it('reads a measurement as its value with its unit, its range, and where it falls; other objects as label/value pairs', () => {
    const view = resultsView({
      hemoglobin: { value: 13.2, unit: 'g/dL', referenceRange: '13.5-17.5' },
      maxHeartRate: { unit: 'bpm', value: 148 },
      ldl: { value: '162', unit: 'mg/dL', referenceRange: '<130' },
      platelets: { value: 250, unit: '10^3/uL', referenceRange: '150-400' },
      trends: { restingHeartRate: 'stable', notes: '' },
    });
    if (view.kind !== 'fields') throw new Error('expected fields');
    expect(view.fields.map((f) => [f.label, f.value])).toEqual([
      ['Hemoglobin', { kind: 'measurement', reading: '13.2 g/dL', range: '13.5-17.5 g/dL', position: 'below' }],
      ['Max Heart Rate', { kind: 'measurement', reading: '148 bpm', range: null, position: null }],
      ['LDL', { kind: 'measurement', reading: '162 mg/dL', range: '<130 mg/dL', position: 'above' }],
      ['Platelets', { kind: 'measurement', reading: '250 10³/µL', range: '150-400 10³/µL', position: 'within' }],
      ['Trends', { kind: 'pairs', pairs: [{ label: 'Resting Heart Rate', value: 'stable' }, { label: 'Notes', value: 'None' }] }],
    ]);
  });

  it('reads keys and codes as words: numbers apart, snake_case, booleans as yes or no', () => {
    const view = resultsView({ episodesAbove100AtRest: 3, contrast: false, frequency: 'once_daily', vitaminB12: 'normal' });
    if (view.kind !== 'fields') throw new Error('expected fields');
    expect(view.fields.map((f) => [f.label, f.value])).toEqual([
      ['Episodes Above 100 At Rest', { kind: 'text', text: '3' }],
      ['Contrast', { kind: 'text', text: 'No' }],
      ['Frequency', { kind: 'text', text: 'Once daily' }],
      ['Vitamin B12', { kind: 'text', text: 'normal' }],
    ]);
  });

  it("shows 'None' for empty plain values", () => {
    expect(textOf('')).toBe('None');
    expect(textOf(null)).toBe('None');
    expect(textOf([])).toBe('None');
    expect(textOf(false)).toBe('No');
  });

  it('keeps the first 2 fields in the compact variant and counts the rest', () => {
    const view = resultsView({ a: 1, b: 2, c: 3, d: 4 }, true);
    expect(view).toMatchObject({ kind: 'fields', moreFields: 2 });
    if (view.kind === 'fields') expect(view.fields.map((f) => f.key)).toEqual(['a', 'b']);
    expect(resultsView({ a: 1 }, true)).toMatchObject({ moreFields: 0 });
  });

  it('tells nothing apart from something unparseable', () => {
    expect(resultsView(null)).toEqual({ kind: 'empty' });
    expect(resultsView({})).toEqual({ kind: 'empty' });
    expect(resultsView('{broken')).toEqual({ kind: 'invalid' });
  });
});
