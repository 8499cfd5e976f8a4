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

  it('shows nested objects as label/value pairs and flags a value outside its range', () => {
    const view = resultsView({ hemoglobin: { value: 13.2, unit: 'g/dL', referenceRange: '13.5-17.5' }, trends: { restingHeartRate: 'stable', notes: '' } });
    if (view.kind !== 'fields') throw new Error('expected fields');
    expect(view.fields[0]).toEqual({
      key: 'hemoglobin',
      label: 'Hemoglobin',
      outOfRange: 'below',
      value: { kind: 'pairs', pairs: [{ label: 'Value', value: '13.2' }, { label: 'Unit', value: 'g/dL' }, { label: 'Reference Range', value: '13.5-17.5' }] },
    });
    expect(view.fields[1]!.value).toEqual({ kind: 'pairs', pairs: [{ label: 'Resting Heart Rate', value: 'stable' }, { label: 'Notes', value: 'None' }] });
  });

  it("shows 'None' for empty plain values", () => {
    expect(textOf('')).toBe('None');
    expect(textOf(null)).toBe('None');
    expect(textOf([])).toBe('None');
    expect(textOf(false)).toBe('false');
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
