import type { DocumentProgressEvent } from '../../common/socket-events';
import { medicalReportCreateSchema, medicalReportUpdateSchema } from '../../common/schemas/medical-report';
import { blankResultRow, reportFormValues, resultRows, resultsFrom, sourceOf, toCreatePayload, toUpdatePayload, validateAs } from '../../web/components/records/report-form';
import { overallPercent, progressText } from '../../web/scenes/scanner/progress';
import { report } from './summary-sample';

const labResults = {
  hemoglobin: { value: 13.5, unit: 'g/dL', referenceRange: '13.5-17.5' },
  notes: 'fasting',
  markers: ['A', 'B'],
  deep: { value: 1, trend: { last: 2 } },
};

describe('report form values', () => {
  it('turns results into text inputs and back without changing what was not edited', () => {
    const rows = resultRows(labResults);
    expect(rows.map((row) => row.parts.map((part) => part.part))).toEqual([['value', 'unit', 'referenceRange'], [''], [''], ['value']]);
    expect(resultsFrom(rows)).toEqual(labResults);
  });

  it('keeps a number a number, a list a list, and reads results stored as JSON text', () => {
    const rows = resultRows(JSON.stringify(labResults));
    rows[0]!.parts[0]!.text = ' 12.9 ';
    rows[2]!.parts[0]!.text = 'A, C ,';
    rows[3]!.parts[0]!.text = 'not a number';
    expect(resultsFrom(rows)).toEqual({ ...labResults, hemoglobin: { ...labResults.hemoglobin, value: 12.9 }, markers: ['A', 'C'], deep: { value: 'not a number', trend: { last: 2 } } });
  });

  it('adds a result named in the form and drops an unnamed one', () => {
    const named = { ...blankResultRow(), key: 'tsh', parts: [{ part: '', text: '2.1 mIU/L', kind: 'text' as const }] };
    expect(resultsFrom([named, blankResultRow()])).toEqual({ tsh: '2.1 mIU/L' });
  });

  it('builds the POST body without blank optional fields, and the PATCH body clearing them', () => {
    const values = { ...reportFormValues(null), title: ' Thyroid panel ', type: 'blood_work' as const, reportDate: '2026-10-05', facility: '  ' };
    const created = toCreatePayload(values);
    expect(created).toEqual({ title: 'Thyroid panel', type: 'blood_work', status: 'normal', reportDate: new Date(2026, 9, 5).toISOString() });
    expect(toUpdatePayload(values)).toMatchObject({ title: 'Thyroid panel', doctorName: null, facility: null, summary: null, results: {} });
  });

  it('starts from the saved report, its date as the local calendar day', () => {
    const saved = report({ id: 'r1', title: 'CBC', reportDate: new Date(2026, 2, 5, 0, 0).toISOString(), doctorName: null, results: labResults });
    const values = reportFormValues(saved);
    expect(values).toMatchObject({ title: 'CBC', reportDate: '2026-03-05', doctorName: '' });
    expect(toUpdatePayload(values).results).toEqual(labResults);
  });
});

describe('report form validation', () => {
  it('answers with the server schema’s messages under the form’s field names', async () => {
    const errors = await validateAs(medicalReportCreateSchema, toCreatePayload)({ ...reportFormValues(null), reportDate: '2026-02-30' });
    expect(errors).toEqual({ title: 'Title is required', type: 'Type is required', reportDate: 'Report date must be a valid date' });
  });

  it('refuses a premium analysis added by hand and passes a complete report', async () => {
    const values = { ...reportFormValues(null), title: 'Scan', type: 'premium_analysis' as const };
    expect((await validateAs(medicalReportCreateSchema, toCreatePayload)(values)).type).toMatch(/^Type must be one of/);
    expect(await validateAs(medicalReportCreateSchema, toCreatePayload)({ ...values, type: 'mri' })).toEqual({});
  });

  it('refuses a blanked title in an edit', async () => {
    const values = { ...reportFormValues(report({ id: 'r1', title: 'CBC' })), title: '  ' };
    expect(await validateAs(medicalReportUpdateSchema, toUpdatePayload)(values)).toEqual({ title: 'Title is required' });
  });
});

describe('read-from lines', () => {
  const sources = { consultationDate: 'Date: 2026-11-02', 'results.hemoglobin': 'Hemoglobin 13.5 g/dL', facility: 'WESTSIDE CLINIC' };

  it('finds a field’s line under the names the server gives it', () => {
    expect(sourceOf(sources, 'reportDate')).toBe('Date: 2026-11-02');
    expect(sourceOf(sources, 'results.hemoglobin')).toBe('Hemoglobin 13.5 g/dL');
    expect(sourceOf(sources, 'facility')).toBe('WESTSIDE CLINIC');
    expect(sourceOf(sources, 'title')).toBeUndefined();
    expect(sourceOf(undefined, 'facility')).toBeUndefined();
  });
});

describe('scanner progress', () => {
  const push = (stage: DocumentProgressEvent['stage'], percent: number, page = 1, pages = 1): DocumentProgressEvent => ({ uploadId: 'u', stage, page, pages, percent });

  it('fills the bar with the upload first, then the server’s work', () => {
    expect(overallPercent(0, null)).toBe(0);
    expect(overallPercent(0.5, null)).toBe(15);
    expect(overallPercent(1, null)).toBe(30);
    expect(overallPercent(1, push('reading', 50, 2, 4))).toBe(65);
    expect(overallPercent(1, push('saving', 100))).toBe(100);
  });

  it('counts the upload as done once the server reports, and says what is happening', () => {
    expect(overallPercent(0.2, push('preparing', 0))).toBe(30);
    expect(progressText(0.42, null)).toBe('Uploading… 42%');
    expect(progressText(1, null)).toBe('Uploaded. Waiting for the server…');
    expect(progressText(0.9, push('reading', 40, 2, 3))).toBe('Reading page 2 of 3…');
    expect(progressText(1, push('reading', 40))).toBe('Reading the text…');
    expect(progressText(1, push('saving', 95))).toBe('Saving the report…');
  });
});
