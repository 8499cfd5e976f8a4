import { documentDateReadings, extractDocument } from '../../server/services/documents/extraction';
import { resultKey } from '../../common/records';

const CLINIC_NOTE = `Riverside Family Clinic
Consultation Note
Patient Name: Maria Lopez   Age: 52   Gender: Female
Patient ID: RFC-20931
Date of Visit: March 14, 2025
Chief Complaint: Persistent headache for two weeks
Diagnosis: Essential hypertension
Treatment Plan: Lisinopril 10 mg once daily, reduce salt intake
Metformin 500mg twice daily with meals
Follow-up: Return in 4 weeks for blood pressure check
Notes: Patient advised to keep a blood pressure diary
Dr. Sarah Chen, MD`;

const LAB_SHEET = `City Medical Laboratory
Complete Blood Count Report
Collection Date: 2025-02-03
Hemoglobin 13.5 g/dL (13.5-17.5)
White Blood Cells (WBC): 11.8 10^3/uL (4.5-11.0)
Platelets 250 10^3/uL 150-400
Hematocrit 39.5 % Ref: 41-53
Ordered by: Dr. James Okafor
Age 47`;

describe('extracting a clinic note', () => {
  const extraction = extractDocument(CLINIC_NOTE);

  it('reads the structured record the spec describes', () => {
    expect(extraction.structuredRecord).toEqual({
      patientInfo: { name: 'Maria Lopez', patientId: 'RFC-20931', age: '52', gender: 'Female' },
      consultationDate: '2025-03-14',
      chiefComplaint: 'Persistent headache for two weeks',
      diagnosis: 'Essential hypertension',
      treatmentPlan: 'Lisinopril 10 mg once daily, reduce salt intake',
      followUp: 'Return in 4 weeks for blood pressure check',
      additionalNotes: 'Patient advised to keep a blood pressure diary',
    });
  });

  it('finds each medication once, with its dose and frequency and the line it came from', () => {
    expect(extraction.medicationsFound).toEqual([
      { name: 'Lisinopril', dose: '10 mg', frequency: 'once daily', source: 'Treatment Plan: Lisinopril 10 mg once daily, reduce salt intake' },
      { name: 'Metformin', dose: '500mg', frequency: 'twice daily', source: 'Metformin 500mg twice daily with meals' },
    ]);
  });

  it('remembers the line of every field', () => {
    expect(extraction.sources).toMatchObject({
      'patientInfo.name': 'Patient Name: Maria Lopez Age: 52 Gender: Female',
      'patientInfo.age': 'Patient Name: Maria Lopez Age: 52 Gender: Female',
      diagnosis: 'Diagnosis: Essential hypertension',
      consultationDate: 'Date of Visit: March 14, 2025',
      doctorName: 'Dr. Sarah Chen, MD',
      facility: 'Riverside Family Clinic',
    });
  });

  it('drafts a consultation report with its date, doctor, facility and a summary', () => {
    expect(extraction.report).toMatchObject({
      title: 'Consultation Note',
      type: 'consultation',
      status: 'normal',
      reportDate: '2025-03-14',
      doctorName: 'Dr. Sarah Chen',
      facility: 'Riverside Family Clinic',
    });
    expect(extraction.report.summary).toContain('Diagnosis: Essential hypertension.');
    expect(extraction.report.summary).toContain('Metformin 500mg twice daily');
    expect(extraction.results).toEqual({});
  });
});

describe('extracting a lab sheet', () => {
  const extraction = extractDocument(LAB_SHEET);

  it('reads lab values with unit and reference range in the shape reports store', () => {
    expect(extraction.results).toEqual({
      hemoglobin: { value: 13.5, unit: 'g/dL', referenceRange: '13.5-17.5' },
      whiteBloodCells: { value: 11.8, unit: '10^3/uL', referenceRange: '4.5-11.0' },
      platelets: { value: 250, unit: '10^3/uL', referenceRange: '150-400' },
      hematocrit: { value: 39.5, unit: '%', referenceRange: '41-53' },
    });
    expect(extraction.sources['results.hemoglobin']).toBe('Hemoglobin 13.5 g/dL (13.5-17.5)');
  });

  it('marks values outside their range for review and names them in the summary', () => {
    expect(extraction.report).toMatchObject({ type: 'blood_work', status: 'review', reportDate: '2025-02-03', doctorName: 'Dr. James Okafor', title: 'Complete Blood Count Report' });
    expect(extraction.report.summary).toBe('4 lab values read; outside the reference range: White Blood Cells (WBC) high, Hematocrit low.');
  });

  it('does not take an age or a date for a lab value', () => {
    expect(Object.keys(extraction.results)).not.toContain('age');
    expect(extraction.structuredRecord.patientInfo.age).toBe('47');
  });
});

describe("a lab report's own date", () => {
  const labWith = (dateLine: string) => extractDocument(['City Lab', dateLine, 'Hemoglobin 13.5 g/dL (13.5-17.5)', 'Glucose 92 mg/dL (70-99)'].join('\n'));

  it.each([
    ['Date of Collection: 11/20/2026', '2026-11-20'],
    ['Sample date 20/11/2026', '2026-11-20'],
    ['Specimen collected: 2026-11-20', '2026-11-20'],
    ['Date reported - 20 Nov 2026', '2026-11-20'],
  ])('is read from %j, with the line it came from', (line, date) => {
    const extraction = labWith(line);
    expect(extraction.report.reportDate).toBe(date);
    expect(extraction.sources.consultationDate).toBe(line);
  });

  it('is not taken from a line that only begins like a date label, and is then asked for', () => {
    const extraction = labWith('Sample collected by nurse Ada');
    expect(extraction.report.reportDate).toBeNull();
    expect(extraction.reportDateQuestion).toEqual({ written: null, choices: [] });
  });

  it('is asked for, with both readings and the line, when day and month could be either way round', () => {
    const extraction = labWith('Date of Collection: 03/04/2026');
    expect(extraction.report.reportDate).toBeNull();
    expect(extraction.structuredRecord.consultationDate).toBe('03/04/2026');
    expect(extraction.reportDateQuestion).toEqual({ written: '03/04/2026', choices: ['2026-03-04', '2026-04-03'] });
    expect(extraction.sources.consultationDate).toBe('Date of Collection: 03/04/2026');
  });

  it('is not asked for when it was read for certain', () => {
    expect(labWith('Date of Collection: 11/20/2026').reportDateQuestion).toBeNull();
  });
});

describe('pieces', () => {
  it('reads the common ways a date is written', () => {
    expect(documentDateReadings('2025-03-14')).toEqual(['2025-03-14']);
    expect(documentDateReadings('03/14/2025')).toEqual(['2025-03-14']);
    expect(documentDateReadings('14/03/2025')).toEqual(['2025-03-14']);
    expect(documentDateReadings('05.05.2025')).toEqual(['2025-05-05']);
    expect(documentDateReadings('14 Mar 2025')).toEqual(['2025-03-14']);
    expect(documentDateReadings('Sept. 2, 2024')).toEqual(['2024-09-02']);
    expect(documentDateReadings('2025-02-30')).toEqual([]);
    expect(documentDateReadings('next Tuesday')).toEqual([]);
  });

  it('gives both readings of a date whose day and month could be either way round', () => {
    expect(documentDateReadings('03/04/2026')).toEqual(['2026-03-04', '2026-04-03']);
  });

  it('names results in camelCase so the report screen spells them back', () => {
    expect(resultKey('White Blood Cells (WBC)')).toBe('whiteBloodCells');
    expect(resultKey('HbA1c')).toBe('hbA1c');
    expect(resultKey('LDL Cholesterol')).toBe('ldlCholesterol');
  });

  it('prefers the longer drug name and counts a drug once', () => {
    const { medicationsFound } = extractDocument('Insulin glargine 20 units at bedtime\nInsulin glargine 22 units at bedtime');
    expect(medicationsFound).toEqual([{ name: 'Insulin glargine', dose: '20 units', frequency: 'at bedtime', source: 'Insulin glargine 20 units at bedtime' }]);
  });

  it('finds every drug a line names, left to right, each with what follows it, and none inside a longer word', () => {
    const { medicationsFound } = extractDocument('Plan: none\nMETFORMIN 500 mg bd; Insulin   Glargine 10 units nightly, aspirin 81 mg daily. Pseudometformin 1 mg');
    expect(medicationsFound.map(({ name, dose, frequency }) => [name, dose, frequency])).toEqual([
      ['Metformin', '500 mg', 'bd'],
      ['Insulin glargine', '10 units', 'nightly'],
      ['Aspirin', '81 mg', 'daily'],
    ]);
  });

  it('makes a prescription of a list of medications without clinical notes', () => {
    const { report } = extractDocument('Prescription\nAmoxicillin 500 mg three times daily\nIbuprofen 400 mg as needed');
    expect(report).toMatchObject({ type: 'prescription', status: 'active', title: 'Prescription' });
  });

  it('says when nothing was recognised', () => {
    const { report, structuredRecord } = extractDocument('lorem ipsum dolor');
    expect(structuredRecord.diagnosis).toBeNull();
    expect(report.summary).toMatch(/no fields were recognised/);
    expect(report.type).toBe('consultation');
  });
});
