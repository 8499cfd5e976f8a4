import { useState } from 'react';
import { plural } from '../../../common/plural';
import styled from 'styled-components';
import { Badge, type BadgeTone } from '../ui';
import type { RangePosition } from '../../../common/records';
import { NONE, resultsView, type ResultField, type ResultValue } from './test-results';

const Box = styled.div<{ $compact: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ $compact }) => ($compact ? '6px' : '12px')};
  h3 {
    margin: 0;
    font-size: ${({ $compact }) => ($compact ? '0.78rem' : '1.05rem')};
    ${({ $compact, theme }) => ($compact ? `color: ${theme.colors.textMuted};` : '')}
  }
`;

const Fields = styled.dl<{ $compact: boolean }>`
  margin: 0;
  display: grid;
  gap: ${({ $compact }) => ($compact ? '4px' : '10px')};
  grid-template-columns: ${({ $compact }) => ($compact ? '1fr' : 'repeat(auto-fill, minmax(240px, 1fr))')};
`;

const Field = styled.div<{ $compact: boolean }>`
  min-width: 0;
  ${({ $compact, theme }) =>
    $compact
      ? 'display: flex; gap: 8px; align-items: baseline; font-size: 0.88rem;'
      : `padding: 10px 12px; border-radius: ${theme.radii.md}; background: ${theme.colors.surfaceMuted};`}
  dt {
    font-weight: 600;
    display: flex;
    align-items: center;
    gap: 6px;
    flex-wrap: wrap;
    ${({ $compact, theme }) => ($compact ? `color: ${theme.colors.textMuted}; flex-shrink: 0;` : 'margin-bottom: 4px;')}
  }
  dd { margin: 0; overflow-wrap: anywhere; min-width: 0; }
`;

const Chips = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 4px;
`;

const Chip = styled.span`
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primaryDark};
  font-size: 0.8rem;
  font-weight: 500;
`;

const Pairs = styled.span<{ $compact: boolean }>`
  display: ${({ $compact }) => ($compact ? 'inline' : 'grid')};
  grid-template-columns: auto 1fr;
  gap: 2px 10px;
  font-size: 0.9rem;
  span:nth-child(odd) { color: ${({ theme }) => theme.colors.textMuted}; }
  ${({ $compact }) => ($compact ? 'span:nth-child(odd)::after { content: ": "; } span:nth-child(even):not(:last-child)::after { content: ", "; }' : '')}
`;

const More = styled.p`
  margin: 0;
  font-size: 0.82rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.primary};
`;

const MoreButton = styled.button`
  align-self: flex-start;
  padding: 4px 0;
  border: 0;
  background: none;
  font: inherit;
  font-size: 0.82rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: underline;
  cursor: pointer;
`;

const Message = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.92rem;
`;

const FLAGS: Record<RangePosition, { text: string; tone: BadgeTone; arrow: string | null }> = {
  below: { text: 'Low', tone: 'warning', arrow: '\u2193' },
  above: { text: 'High', tone: 'danger', arrow: '\u2191' },
  within: { text: 'In range', tone: 'success', arrow: null },
};

const Reading = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 8px;
  strong { font-size: 1.05rem; }
`;

const RangeLine = styled.span`
  display: block;
  margin-top: 2px;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Where the value falls: colour, an arrow and a word, never colour alone. */
function RangeFlag({ position }: { position: RangePosition }) {
  const flag = FLAGS[position];
  return (
    <Badge $tone={flag.tone} data-testid="range-flag">
      {flag.arrow ? <span aria-hidden="true">{flag.arrow} </span> : null}
      {flag.text}
    </Badge>
  );
}

function MeasurementValue({ value, compact }: { value: Extract<ResultValue, { kind: 'measurement' }>; compact: boolean }) {
  if (compact) return <>{value.position && value.position !== 'within' ? `${value.reading} (${FLAGS[value.position].text})` : value.reading}</>;
  return (
    <>
      <Reading>
        <strong>{value.reading}</strong>
        {value.position ? <RangeFlag position={value.position} /> : null}
      </Reading>
      {value.range ? <RangeLine>Reference range: {value.range}</RangeLine> : null}
    </>
  );
}

function Value({ value, compact }: { value: ResultValue; compact: boolean }) {
  if (value.kind === 'text') return <>{value.text}</>;
  if (value.kind === 'measurement') return <MeasurementValue value={value} compact={compact} />;
  if (value.kind === 'chips') {
    if (!value.items.length) return <>{NONE}</>;
    return (
      <Chips>
        {value.items.map((item, i) => (
          <Chip key={`${i}-${item}`}>{item}</Chip>
        ))}
      </Chips>
    );
  }
  return (
    <Pairs $compact={compact}>
      {value.pairs.map((pair) => (
        <Pair key={pair.label} label={pair.label} value={pair.value} />
      ))}
    </Pairs>
  );
}

function Pair({ label, value }: { label: string; value: string }) {
  return (
    <>
      <span>{label}</span>
      <span>{value}</span>
    </>
  );
}

function FieldRow({ field, compact }: { field: ResultField; compact: boolean }) {
  return (
    <Field $compact={compact} data-testid="test-result">
      <dt>{field.label}</dt>
      <dd>
        <Value value={field.value} compact={compact} />
      </dd>
    </Field>
  );
}

/**
 * A report's test results; `compact` (report cards) shows the first 2 fields and '+N more fields', which
 * `expandable` (where no report page is a click away: the doctor's record lists) makes a button showing them all.
 */
export function TestResults({ results, compact: compactAsked = false, expandable = false }: { results: unknown; compact?: boolean; expandable?: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const compact = compactAsked && !expanded;
  const view = resultsView(results, compact);
  return (
    <Box $compact={compact} data-testid="test-results">
      <h3>Test Results</h3>
      {view.kind === 'empty' ? (
        <Message>No test results to display.</Message>
      ) : view.kind === 'invalid' ? (
        <Message>Error parsing test results.</Message>
      ) : (
        <>
          <Fields $compact={compact}>
            {view.fields.map((field) => (
              <FieldRow key={field.key} field={field} compact={compact} />
            ))}
          </Fields>
          {expandable && (expanded || view.moreFields > 0) ? (
            // One button that stays where it is, so keyboard focus stays on it as it opens and closes.
            <MoreButton type="button" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
              {expanded ? 'Show fewer' : `+${plural(view.moreFields, 'more field')}`}
            </MoreButton>
          ) : compact && view.moreFields > 0 ? (
            <More>+{plural(view.moreFields, 'more field')}</More>
          ) : null}
        </>
      )}
    </Box>
  );
}
