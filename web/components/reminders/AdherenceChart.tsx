import styled from 'styled-components';
import type { MedicationDose } from '../../../common/api-types';
import { adherenceOf, adherenceSentence } from './adherence';

const Figure = styled.figure`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: 6px;
  figcaption { font-size: 0.85rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Bars = styled.div<{ $count: number }>`
  display: grid;
  grid-template-columns: repeat(${({ $count }) => $count}, 1fr);
  gap: 2px;
  align-items: end;
  height: 40px;
`;

const Bar = styled.div`
  display: flex;
  flex-direction: column-reverse;
  height: 100%;
  border-radius: 3px;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const Part = styled.span<{ $share: number; $kind: 'taken' | 'skipped' | 'unanswered' }>`
  display: block;
  flex: 0 0 ${({ $share }) => $share * 100}%;
  background: ${({ $kind, theme }) => ($kind === 'taken' ? theme.colors.success : $kind === 'skipped' ? '#d97706' : '#94a3b8')};
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 12px;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.textMuted};
  li::before { content: ''; display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 5px; vertical-align: -1px; }
  li:nth-child(1)::before { background: ${({ theme }) => theme.colors.success}; }
  li:nth-child(2)::before { background: #d97706; }
  li:nth-child(3)::before { background: #94a3b8; }
`;

/**
 * One medication's doses day by day (taken, skipped, not answered stacked in each day's bar). The bars
 * are one image to assistive technology, described by the sentence under them.
 */
export function AdherenceChart({ doses, windowDays, label }: { doses: MedicationDose[]; windowDays: number; label: string }) {
  const adherence = adherenceOf(doses, windowDays);
  const sentence = adherenceSentence(adherence, windowDays);
  return (
    <Figure data-testid="adherence-chart">
      <Bars role="img" aria-label={`${label}: ${sentence}`} $count={windowDays}>
        {adherence.days.map((day) => {
          const asked = day.taken + day.skipped + day.unanswered;
          return (
            <Bar key={day.day.getTime()} title={day.day.toDateString()}>
              {asked
                ? (['taken', 'skipped', 'unanswered'] as const).map((kind) => (day[kind] ? <Part key={kind} $kind={kind} $share={day[kind] / asked} /> : null))
                : null}
            </Bar>
          );
        })}
      </Bars>
      <figcaption>{sentence}</figcaption>
      <Legend aria-hidden="true">
        <li>Taken</li>
        <li>Skipped</li>
        <li>Not answered</li>
      </Legend>
    </Figure>
  );
}
