import type { DocumentProgressEvent } from '../../common/socket-events';
import { medicalReportCreateSchema, medicalReportUpdateSchema } from '../../common/schemas/medical-report';
import { blankResultRow, renameInSummary, reportFormValues, resultRows, resultsFrom, resultsProblem, sourceOf, toCreatePayload, toUpdatePayload, validateAs } from '../../web/components/records/report-form';
import { ApiError } from '../../web/api/client';
import { failureToast, processedToast } from '../../web/scenes/scanner/document-results';
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

  it('adds a result named in the form, with its unit and range when given, and drops an unnamed one', () => {
    const typed = blankResultRow();
    typed.name = 'TSH';
    typed.parts[0]!.text = '5.2';
    typed.parts[2]!.text = '0.4-4.0';
    expect(resultsFrom([typed, blankResultRow()])).toEqual({ tsh: { value: 5.2, referenceRange: '0.4-4.0' } });
  });

  it('saves a corrected name under the key the name gives, and an untouched one under its own key', () => {
    const rows = resultRows({ loLCholesterol: { value: 162, unit: 'mg/dL' }, resting_heart_rate: 61 });
    expect(rows.map((row) => row.name)).toEqual(['Lo L Cholesterol', 'Resting Heart Rate']);
    rows[0]!.name = ' LDL Cholesterol ';
    expect(resultsFrom(rows)).toEqual({ ldlCholesterol: { value: 162, unit: 'mg/dL' }, resting_heart_rate: 61 });
  });

  it('carries a corrected name into the summary where the old one stands as whole words', () => {
    const summary = '2 lab values read; outside the reference range: Lo L Cholesterol high. Lo L Cholesterols is another word.';
    expect(renameInSummary(summary, 'Lo L Cholesterol', ' LDL Cholesterol ')).toBe('2 lab values read; outside the reference range: LDL Cholesterol high. Lo L Cholesterols is another word.');
    expect(renameInSummary(summary, 'Lo L Cholesterol', '')).toBe(summary);
    expect(renameInSummary('K (mmol/L) high', 'K (mmol/L)', 'Potassium')).toBe('Potassium high');
  });

  it('says what is wrong with the results: no name, a name twice, a range that cannot be compared', () => {
    const rows = () => {
      const [first, second] = [blankResultRow(), blankResultRow()];
      first.name = 'TSH';
      first.parts[0]!.text = '5.2';
      second.name = 'Free T4';
      second.parts[0]!.text = '1.1';
      return [first, second];
    };
    expect(resultsProblem(rows())).toBeNull();
    const unnamed = rows();
    unnamed[1]!.name = ' ';
    expect(resultsProblem(unnamed)).toBe('Result 2 needs a name');
    const twice = rows();
    twice[1]!.name = 'tsh';
    expect(resultsProblem(twice)).toBe('Two results are named TSH: give each its own name');
    const unreadable = rows();
    unreadable[0]!.parts[2]!.text = 'normal';
    expect(resultsProblem(unreadable)).toBe('TSH: write the reference range as 70-99, <200 or >40');
    const wordy = rows();
    wordy[0]!.parts[0]!.text = 'high';
    wordy[0]!.parts[2]!.text = '0.4-4.0';
    expect(resultsProblem(wordy)).toBe('TSH: the value must be a number to be compared with its range');
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

  it('passes a complete report and refuses a type that does not exist', async () => {
    const values = { ...reportFormValues(null), title: 'Scan', type: 'mri' as const };
    expect(await validateAs(medicalReportCreateSchema, toCreatePayload)(values)).toEqual({});
    expect((await validateAs(medicalReportCreateSchema, toCreatePayload)({ ...values, type: 'tarot' as never })).type).toMatch(/^Type must be one of/);
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

describe('scanner toasts (spec section 8)', () => {
  const read = { success: true as const, message: 'ok', structuredRecord: { patientInfo: null, consultationDate: null, chiefComplaint: null, diagnosis: null, treatmentPlan: null, followUp: null, additionalNotes: null }, extractedText: 'Metformin 500 mg', sources: {}, report: { ...report({ id: 'r1' }), abilities: { canOpen: true, canDownload: false } }, reportDateQuestion: null };
  const withMedications = (count: number) => ({ ...read, aiAnalysis: { extractedText: read.extractedText, medicationsFound: Array.from({ length: count }, () => ({ name: 'Metformin', dose: null, frequency: null, source: '' })) } });

  it('says what processing answered', () => {
    expect(processedToast('image', withMedications(1))).toEqual({ title: 'Medical consultation processed!', description: 'Handwritten notes have been converted to typed medical records.', variant: 'success' });
    expect(processedToast('pdf', withMedications(2))).toMatchObject({ title: 'PDF uploaded successfully!', description: 'Document analyzed: 2 medications found, content processed' });
    expect(processedToast('pdf', { success: false, message: '' })).toMatchObject({ title: 'PDF Processing Unavailable', description: 'Please use the camera to take a photo of your document instead.', variant: 'destructive' });
    expect(processedToast('pdf', { success: false, message: 'No text could be read.' }).description).toBe('No text could be read.');
  });

  it('gives the server’s reason for a file too large or of the wrong kind, the spec’s words otherwise', () => {
    const refused = (status: number, message: string) => new ApiError(status, `${status}: {}`, { message });
    expect(failureToast('image', refused(415, 'This file type cannot be read.'))).toMatchObject({ title: 'Processing failed', description: 'This file type cannot be read.' });
    expect(failureToast('image', refused(422, 'Unable to process'))).toMatchObject({ description: 'Unable to process the medical document. Please try again.' });
    expect(failureToast('image', new TypeError('Failed to fetch')).description).toBe('Unable to process the medical document. Please try again.');
    expect(failureToast('pdf', refused(413, 'The file is larger than 15 MB.'))).toMatchObject({ title: 'PDF Processing Issue', description: 'The file is larger than 15 MB.' });
    expect(failureToast('pdf', new TypeError('Failed to fetch')).description).toBe('Try taking a photo of your document with the camera instead.');
  });
});
