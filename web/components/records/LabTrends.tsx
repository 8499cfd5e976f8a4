import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { Badge, Card as BaseCard, Skeleton } from '../ui';
import { formatShortDate } from './dates';
import { trendSentence, type LabTrend } from './lab-trends';

const LabTrendChart = lazy(() => import('./LabTrendChart'));

const Card = styled(BaseCard)`
  h2 { margin: 0 0 12px; font-size: 1.05rem; }
`;

const Trend = styled.section`
  & + & { margin-top: 18px; padding-top: 18px; border-top: 1px solid ${({ theme }) => theme.colors.border}; }
  h3 { margin: 0 0 4px; font-size: 1rem; }
  p { margin: 0 0 8px; font-size: 0.85rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Numbers = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.88rem;
  margin-top: 8px;
  caption { text-align: left; font-size: 0.8rem; font-weight: 600; color: ${({ theme }) => theme.colors.textMuted}; padding-bottom: 4px; }
  th, td { text-align: left; padding: 6px 4px; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  th { font-weight: 600; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const FLAG_TEXT = { below: ['warning', 'Low'], above: ['danger', 'High'], within: ['success', 'In range'] } as const;

function TrendNumbers({ trend }: { trend: LabTrend }) {
  return (
    <Numbers>
      <caption>{trend.label} by date</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Value</th>
          <th scope="col">Range</th>
        </tr>
      </thead>
      <tbody>
        {[...trend.points].reverse().map((point) => (
          <tr key={point.reportId}>
            <td>{formatShortDate(point.date)}</td>
            <td>{trend.unit ? `${point.value} ${trend.unit}` : point.value}</td>
            <td>{point.position ? <Badge $tone={FLAG_TEXT[point.position][0]}>{FLAG_TEXT[point.position][1]}</Badge> : 'Not given'}</td>
          </tr>
        ))}
      </tbody>
    </Numbers>
  );
}

/** Lab values followed over time: for each, a chart and the same numbers as a table. Nothing when there are none. */
export function LabTrends({ trends }: { trends: LabTrend[] }) {
  if (!trends.length) return null;
  return (
    <Card data-testid="lab-trends">
      <h2>Trends</h2>
      {trends.map((trend) => (
        <Trend key={trend.key} aria-label={`${trend.label} trend`}>
          <h3>{trend.label}</h3>
          <p>{trend.rangeText ? `Reference range: ${trend.rangeText}${trend.unit ? ` ${trend.unit}` : ''}` : 'No reference range given'}</p>
          <div role="img" aria-label={trendSentence(trend, formatShortDate)}>
            <Suspense fallback={<Skeleton $height="180px" />}>
              <LabTrendChart trend={trend} />
            </Suspense>
          </div>
          <TrendNumbers trend={trend} />
        </Trend>
      ))}
    </Card>
  );
}
