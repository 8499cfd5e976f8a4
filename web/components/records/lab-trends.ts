/**
 * A lab value followed across the patient's reports: every numeric measurement of the same name (same
 * unit as the latest), oldest first. Only values measured at least twice have a trend.
 */
import { formatResultKey, parseResults, rangePosition, readableUnit, readMeasurement, type RangePosition, type ReferenceRange } from '../../../common/records';

export interface TrendPoint {
  reportId: string;
  date: string;
  value: number;
  position: RangePosition | null;
}

export interface LabTrend {
  key: string;
  label: string;
  unit: string | null;
  /** The latest report's reference range, drawn as the band the values should stay in. */
  range: ReferenceRange | null;
  rangeText: string | null;
  points: TrendPoint[];
}

interface ReportLike {
  id: string;
  reportDate: string;
  results: unknown;
}

interface Reading extends TrendPoint {
  unit: string | null;
  range: ReferenceRange | null;
  rangeText: string | null;
}

function readingsOf(report: ReportLike): Array<[string, Reading]> {
  const parsed = parseResults(report.results);
  if (parsed.kind !== 'fields') return [];
  return parsed.entries.flatMap(([key, raw]): Array<[string, Reading]> => {
    const measurement = readMeasurement(raw);
    if (!measurement) return [];
    const { value, unit, range, rangeText } = measurement;
    return [[key, { reportId: report.id, date: report.reportDate, value, position: rangePosition(measurement), unit, range, rangeText }]];
  });
}

/** The names of a report's results, in their order. */
export function resultKeys(results: unknown): string[] {
  const parsed = parseResults(results);
  return parsed.kind === 'fields' ? parsed.entries.map(([key]) => key) : [];
}

/** The trends of the given values (all of them when `keys` is not given), in the order the keys come. */
export function labTrends(reports: ReportLike[], keys?: string[]): LabTrend[] {
  const byKey = new Map<string, Reading[]>();
  for (const report of reports) {
    for (const [key, reading] of readingsOf(report)) byKey.set(key, [...(byKey.get(key) ?? []), reading]);
  }
  return (keys ?? [...byKey.keys()]).flatMap((key) => {
    const readings = (byKey.get(key) ?? []).sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
    const latest = readings.at(-1);
    const comparable = readings.filter((reading) => reading.unit === latest?.unit);
    if (!latest || comparable.length < 2) return [];
    return [
      {
        key,
        label: formatResultKey(key),
        unit: latest.unit && readableUnit(latest.unit),
        range: latest.range,
        rangeText: latest.rangeText,
        points: comparable.map(({ reportId, date, value, position }) => ({ reportId, date, value, position })),
      },
    ];
  });
}

/** What the chart shows, said in words for screen readers: 'Hemoglobin went from 13.2 g/dL (low) on ... to 14.1 g/dL on ...'. */
export function trendSentence(trend: LabTrend, formatDate: (date: string) => string): string {
  const first = trend.points[0]!;
  const last = trend.points.at(-1)!;
  const reading = (point: TrendPoint) => {
    const text = trend.unit ? `${point.value} ${trend.unit}` : String(point.value);
    return point.position === 'below' ? `${text} (low)` : point.position === 'above' ? `${text} (high)` : text;
  };
  return `${trend.label} went from ${reading(first)} on ${formatDate(first.date)} to ${reading(last)} on ${formatDate(last.date)}, over ${trend.points.length} reports.`;
}
