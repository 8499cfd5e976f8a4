import styled from 'styled-components';
import { REPORT_FILTER_NAMES, type ReportFilter } from './report-filters';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  padding: 2px 0 6px;
`;

const Chip = styled.button`
  flex-shrink: 0;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 36px;
  padding: 7px 14px;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  font-size: 0.88rem;
  cursor: pointer;
  span {
    min-width: 22px;
    padding: 0 6px;
    border-radius: 999px;
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.78rem;
  }
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    span { background: ${({ theme }) => theme.colors.primaryDark}; color: ${({ theme }) => theme.colors.onPrimary}; }
  }
`;

/** The filters with how many reports each holds; `counts` null while the reports are not known (no number rather than 0). */
export function FilterChips({ value, counts, onChange }: { value: ReportFilter; counts: Record<ReportFilter, number> | null; onChange: (filter: ReportFilter) => void }) {
  return (
    <Row role="group" aria-label="Filter reports">
      {REPORT_FILTER_NAMES.map((name) => (
        <Chip key={name} aria-pressed={value === name} onClick={() => onChange(name)} data-testid={`filter-${name}`}>
          {name}
          {counts ? <span>{counts[name]}</span> : null}
        </Chip>
      ))}
    </Row>
  );
}
