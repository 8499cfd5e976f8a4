import { buildSummary, recommendationsFor, sectionsFor, MAX_RECOMMENDATIONS, SUMMARY_DISCLAIMER } from '../../server/services/summary/engine';
import { analyseReports } from '../../server/services/summary/report-analysis';
import { reviewMedications } from '../../server/services/summary/medication-review';
import { healthInsights } from '../../server/services/summary/health-insights';
import type { SummaryRecords } from '../../server/services/summary/types';
import { appointment, daysAgo, daysAhead, demoLikeRecords, medication, NOW, report } from './summary-sample';

const ctx = { now: NOW, timeZone: 'UTC', premium: true };
const empty: SummaryRecords = { reports: [], medications: [], appointments: [], consultations: [] };
const texts = (section: { findings: Array<{ text: string }> }) => section.findings.map((f) => f.text);

describe('report analysis', () => {
  const section = analyseReports(demoLikeRecords(), ctx);

  it('counts the reports by status', () => {
    expect(section.title).toBe('Report Analysis');
    expect(section.overview).toBe('4 reports: 1 urgent, 1 needs review, 2 normal.');
  });

  it('names urgent and for-review reports first, each linked to its report', () => {
    expect(section.findings[0]).toMatchObject({
      recordType: 'report',
      recordId: 'r-mri',
      text: 'Brain MRI from Jan 29, 2026 is marked urgent: Small lesion; follow-up recommended.',
      priority: 'high',
    });
    expect(section.findings[1]).toMatchObject({ recordId: 'r-cbc-1', text: 'Complete Blood Count from Jan 14, 2026 needs review: Hemoglobin slightly low.' });
  });

  it('flags every result outside the reference range the results give', () => {
    expect(texts(section)).toEqual(
      expect.arrayContaining([
        'Complete Blood Count from Jan 14, 2026: Hemoglobin 13.2 g/dL is below the reference range (13.5-17.5).',
        'Complete Blood Count from Jan 14, 2026: Ferritin 22 ng/mL is below the reference range (24-336).',
      ]),
    );
    expect(texts(section).some((t) => t.includes('14.1'))).toBe(false);
  });

  it('reads values above a range and one-sided ranges', () => {
    const records = { ...empty, reports: [report({ id: 'lipids', title: 'Lipid Panel', results: { ldl: { value: 162, unit: 'mg/dL', referenceRange: '<100' }, hdl: { value: 48, referenceRange: '>40' } } })] };
    expect(texts(analyseReports(records, ctx))).toEqual([
      'Lipid Panel from Mar 5, 2026: LDL 162 mg/dL is above the reference range (<100).',
      'Your latest report, Lipid Panel from Mar 5, 2026, is normal.',
    ]);
  });

  it('gives advice only on what a later report of the same type has not superseded', () => {
    const advice = section.findings.filter((f) => f.advice).map((f) => f.recordId);
    expect(advice).toEqual(['r-mri']);
  });

  it('says so when nothing needs attention, and when there are no reports', () => {
    const calm = analyseReports({ ...empty, reports: [report({ id: 'ok' })] }, ctx);
    expect(calm.overview).toBe('1 report: 1 normal. None is urgent or needs review, and no result is outside its reference range.');
    expect(analyseReports(empty, ctx)).toEqual({ title: 'Report Analysis', overview: 'No medical reports yet. Scan or upload a report to have it analysed.', findings: [] });
  });
});

describe('medication review', () => {
  const section = reviewMedications(demoLikeRecords(), ctx);

  it('counts active, expired and inactive medications', () => {
    expect(section.overview).toBe('3 active, 1 past its end date, 1 inactive.');
  });

  it('flags a medication active past its end date', () => {
    expect(section.findings[0]).toMatchObject({ recordId: 'm-ibu', priority: 'high', text: 'Ibuprofen 400mg is still marked active, but its end date (Mar 10, 2026) has passed.' });
  });

  it('flags the same drug listed twice, whatever its spelling case, linked to the newest entry', () => {
    expect(section.findings[1]).toMatchObject({ recordId: 'm-lis-2', text: 'lisinopril is listed 2 times as active (10mg and 20mg).' });
  });

  it('flags a schedule whose reminder times do not match its frequency', () => {
    expect(texts(section)).toContain('Metformin is taken twice daily but has 1 reminder time set (08:00).');
  });

  it('flags doses of one medication that are close together', () => {
    const records = { ...empty, medications: [medication({ id: 'close', name: 'Metformin', frequency: 'twice_daily', reminderTimes: ['10:00', '08:00'] })] };
    expect(texts(reviewMedications(records, ctx))[0]).toBe("Metformin's doses at 08:00 and 10:00 are only 2 hours apart.");
  });

  it('lists the active schedule and leaves inactive medications out', () => {
    expect(texts(section)).toEqual(expect.arrayContaining(['Lisinopril 10mg, once daily at 08:00, prescribed by Dr. James Okafor.', 'Metformin 500mg, twice daily at 08:00.']));
    expect(texts(section).some((t) => t.includes('Amoxicillin'))).toBe(false);
    const asNeeded = reviewMedications({ ...empty, medications: [medication({ id: 'p', name: 'Paracetamol', frequency: 'as_needed', reminderTimes: ['12:00'] })] }, ctx);
    expect(texts(asNeeded)).toEqual(['Paracetamol 10mg, as needed.']);
  });

  it('says so when there are no medications', () => {
    expect(reviewMedications(empty, ctx)).toEqual({ title: 'Medication Review', overview: 'No medications recorded yet.', findings: [] });
  });
});

describe('health insights', () => {
  it('lists upcoming appointments soonest first, not cancelled or past ones', () => {
    const section = healthInsights(demoLikeRecords(), ctx);
    const appointments = section.findings.filter((f) => f.recordType === 'appointment');
    expect(appointments.map((f) => f.recordId)).toEqual(['a-next', 'a-later']);
    expect(appointments[0]!.text).toBe('Cardiology with Dr. James Okafor at Heart & Vascular Clinic on Mar 18, 2026 at 10:30 (confirmed).');
    expect(appointments[1]!.text).toContain('Dermatology with Dr. Priya Raman');
  });

  it('describes trends across reports of one type', () => {
    const section = healthInsights(demoLikeRecords(), ctx);
    expect(texts(section)).toEqual(
      expect.arrayContaining([
        'Hemoglobin rose from 13.2 to 14.1 g/dL across 2 Blood Work reports (Jan 14, 2026 to Mar 5, 2026), now within the reference range.',
        'Ferritin rose from 22 to 58 ng/mL across 2 Blood Work reports (Jan 14, 2026 to Mar 5, 2026), now within the reference range.',
      ]),
    );
    const falling = {
      ...empty,
      reports: [
        report({ id: 'a', reportDate: daysAgo(40), results: { hemoglobin: { value: 14, unit: 'g/dL', referenceRange: '13.5-17.5' }, steps: 100 } }),
        report({ id: 'b', reportDate: daysAgo(5), results: { hemoglobin: { value: 12.9, unit: 'g/dL', referenceRange: '13.5-17.5' }, steps: 100.5 } }),
      ],
    };
    const trends = healthInsights(falling, ctx).findings;
    expect(trends).toEqual([
      expect.objectContaining({ recordId: 'b', priority: 'medium', text: 'Hemoglobin fell from 14 to 12.9 g/dL across 2 Blood Work reports (Feb 3, 2026 to Mar 10, 2026), now below the reference range.' }),
      expect.objectContaining({ recordId: 'b', priority: 'low', text: 'Steps held steady at 100.5 across 2 Blood Work reports (Feb 3, 2026 to Mar 10, 2026).' }),
    ]);
  });

  it('leaves trends to Premium: a free plan’s insights say so and have none', () => {
    const section = healthInsights(demoLikeRecords(), { ...ctx, premium: false });
    expect(texts(section).filter((text) => / across \d+ .* reports/.test(text))).toEqual([]);
    expect(section.overview).toMatch(/Trends of your results across reports are analysed with Premium\.$/);
    expect(healthInsights(demoLikeRecords(), ctx).overview).not.toContain('Premium');
  });

  it('finds follow-ups that are overdue or due with nothing booked', () => {
    const records: SummaryRecords = {
      ...empty,
      reports: [report({ id: 'mri', title: 'Brain MRI', type: 'mri', status: 'urgent', reportDate: daysAgo(20) })],
      consultations: [
        { id: 'c-overdue', doctorName: 'Sarah Chen', appointmentDate: daysAgo(30), status: 'completed', consultationType: 'video', followUpDate: daysAgo(2) },
      ],
      // Passed without being closed; dated before the rest, so it is not the follow-up of either.
      appointments: [appointment({ id: 'stale', appointmentDate: daysAgo(40), status: 'confirmed' })],
    };
    const section = healthInsights(records, ctx);
    expect(section.overview).toBe('0 upcoming appointments, 0 upcoming consultations, 3 follow-ups to arrange.');
    expect(section.findings.map((f) => [f.recordId, f.text])).toEqual([
      ['c-overdue', 'A follow-up with Dr. Sarah Chen was due on Mar 13, 2026 (after your consultation of Feb 13, 2026), and none is booked.'],
      ['mri', 'Brain MRI from Feb 23, 2026 was marked urgent 20 days ago, and no appointment has been booked since.'],
      ['stale', 'Your Cardiology appointment with Dr. James Okafor on Feb 3, 2026 has passed but is still marked confirmed.'],
    ]);
  });

  it('counts a booking after the consultation or report as the follow-up', () => {
    const records: SummaryRecords = {
      ...empty,
      reports: [report({ id: 'mri', type: 'mri', status: 'urgent', reportDate: daysAgo(20) })],
      consultations: [
        { id: 'done', doctorName: 'Sarah Chen', appointmentDate: daysAgo(30), status: 'completed', consultationType: 'video', followUpDate: daysAhead(5) },
        { id: 'next', doctorName: 'Sarah Chen', appointmentDate: daysAhead(4), status: 'scheduled', consultationType: 'audio', followUpDate: null },
      ],
    };
    expect(healthInsights(records, ctx).findings.map((f) => f.text)).toEqual(['Audio Call consultation with Dr. Sarah Chen on Mar 19, 2026 at 12:00.']);
  });

  it('announces a follow-up that is due soon and not booked', () => {
    const records: SummaryRecords = {
      ...empty,
      consultations: [{ id: 'done', doctorName: 'Dr. Sarah Chen', appointmentDate: daysAgo(7), status: 'completed', consultationType: 'video', followUpDate: daysAhead(7) }],
    };
    expect(healthInsights(records, ctx).findings[0]).toMatchObject({ priority: 'medium', text: 'A follow-up with Dr. Sarah Chen is due by Mar 22, 2026, and none is booked yet.' });
  });
});

describe('the summary', () => {
  it('renders each section as heading, overview and one line per statement, with the disclaimer', () => {
    const sections = sectionsFor('medication_review', demoLikeRecords(), ctx);
    const summary = buildSummary('medication_review', sections, ctx);
    expect(summary.type).toBe('medication_review');
    expect(summary.disclaimer).toBe(SUMMARY_DISCLAIMER);
    expect(summary.generatedAt).toBe(new Date(NOW).toISOString());
    const lines = summary.summary.split('\n');
    expect(lines.slice(0, 2)).toEqual(['Medication Review', '3 active, 1 past its end date, 1 inactive.']);
    expect(lines.slice(2)).toEqual(summary.statements.map((s) => `- ${s.text}`));
    expect(summary.statements.every((s) => s.recordType === 'medication')).toBe(true);
  });

  it('covers all three analyses in the overview and is deterministic', () => {
    const one = buildSummary('overview', sectionsFor('overview', demoLikeRecords(), ctx), ctx);
    const two = buildSummary('overview', sectionsFor('overview', demoLikeRecords(), ctx), ctx);
    expect(one).toEqual(two);
    expect(one.summary.split('\n\n').map((block) => block.split('\n')[0])).toEqual(['Report Analysis', 'Medication Review', 'Health Insights']);
  });

  it('writes dates in the patient’s time zone', () => {
    const records = { ...empty, appointments: [appointment({ id: 'late', appointmentDate: '2026-03-18T23:30:00.000Z' })] };
    const tokyo = healthInsights(records, { ...ctx, timeZone: 'Asia/Tokyo' });
    expect(tokyo.findings[0]!.text).toContain('on Mar 19, 2026 at 08:30');
  });

  it('recommends the most pressing findings first, at most five, never twice', () => {
    const recommendations = recommendationsFor(demoLikeRecords(), ctx).map((r) => r.text);
    expect(recommendations.length).toBeLessThanOrEqual(MAX_RECOMMENDATIONS);
    expect(new Set(recommendations).size).toBe(recommendations.length);
    expect(recommendations).toEqual([
      'Discuss your Brain MRI report with your doctor soon: it is marked urgent.',
      'Ask your doctor whether to stop or renew Ibuprofen: its end date passed on Mar 10, 2026.',
      'Confirm with your doctor that you should take every lisinopril entry (10mg and 20mg).',
      'Set 2 reminder times for Metformin to match its twice daily schedule.',
      'Your next appointment: Cardiology with Dr. James Okafor at Heart & Vascular Clinic on Mar 18, 2026 at 10:30.',
    ]);
  });

  it('cites, for each recommendation, the record it is drawn from, and the result in it', () => {
    const records = demoLikeRecords();
    const cited = recommendationsFor(records, ctx);
    expect(cited.map((r) => r.cites)).toEqual([
      'Brain MRI from Jan 29, 2026',
      expect.stringMatching(/^Ibuprofen /),
      expect.stringMatching(/^Lisinopril /i),
      expect.stringMatching(/^Metformin /),
      'Cardiology appointment of Mar 18, 2026',
    ]);
    for (const r of cited) expect([...records.reports, ...records.medications, ...records.appointments, ...records.consultations].map((x) => x.id)).toContain(r.recordId);

    const lipids = report({ id: 'lipids', title: 'Lipid panel', status: 'normal', reportDate: '2026-03-01T09:00:00.000Z', results: { ldlCholesterol: { value: 162, unit: 'mg/dL', referenceRange: '<130' } } });
    const [high] = recommendationsFor({ ...empty, reports: [lipids] }, ctx);
    expect(high).toEqual({
      text: 'Ask your doctor about your ldl cholesterol of 162 mg/dL: it is above the reference range (<130).',
      recordType: 'report',
      recordId: 'lipids',
      cites: 'LDL Cholesterol 162 mg/dL in Lipid panel from Mar 1, 2026',
    });
  });

  it('recommends nothing for a patient with no records', () => {
    expect(recommendationsFor(empty, ctx)).toEqual([]);
  });
});
