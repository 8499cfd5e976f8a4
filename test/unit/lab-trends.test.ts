import { labTrends, resultKeys, trendSentence } from '../../web/components/records/lab-trends';

const report = (id: string, reportDate: string, results: unknown) => ({ id, reportDate, results });

describe('lab value trends across reports', () => {
  const reports = [
    report('later', '2026-11-17T00:00:00.000Z', { hemoglobin: { value: 14.1, unit: 'g/dL', referenceRange: '13.5-17.5' }, note: 'ok' }),
    report('xray', '2026-10-01T00:00:00.000Z', { findings: 'Clear' }),
    report('earlier', '2026-09-28T00:00:00.000Z', JSON.stringify({ hemoglobin: { value: 13.2, unit: 'g/dL', referenceRange: '13.5-17.5' }, ferritin: { value: 22, unit: 'ng/mL' } })),
  ];

  it('follows a value measured in two or more reports, oldest first, with where each falls in its range', () => {
    expect(labTrends(reports)).toEqual([
      {
        key: 'hemoglobin',
        label: 'Hemoglobin',
        unit: 'g/dL',
        range: { low: 13.5, high: 17.5 },
        rangeText: '13.5-17.5',
        points: [
          { reportId: 'earlier', date: '2026-09-28T00:00:00.000Z', value: 13.2, position: 'below' },
          { reportId: 'later', date: '2026-11-17T00:00:00.000Z', value: 14.1, position: 'within' },
        ],
      },
    ]);
  });

  it('leaves out values measured once and readings in another unit than the latest', () => {
    const mixed = [...reports, report('old-unit', '2026-01-01T00:00:00.000Z', { hemoglobin: { value: 132, unit: 'g/L' } })];
    expect(labTrends(mixed, ['ferritin', 'hemoglobin']).map((t) => [t.key, t.points.map((p) => p.reportId)])).toEqual([['hemoglobin', ['earlier', 'later']]]);
  });

  it("lists a report's result names and says the trend in words", () => {
    expect(resultKeys(reports[0]!.results)).toEqual(['hemoglobin', 'note']);
    expect(resultKeys('{broken')).toEqual([]);
    const [trend] = labTrends(reports);
    expect(trendSentence(trend!, (iso) => iso.slice(0, 10))).toBe('Hemoglobin went from 13.2 g/dL (low) on 2026-09-28 to 14.1 g/dL on 2026-11-17, over 2 reports.');
  });
});
