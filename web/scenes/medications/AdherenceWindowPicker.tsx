import styled from 'styled-components';
import { ADHERENCE_WINDOWS_DAYS } from '../../../common/reminders';

const Group = styled.div`
  display: inline-flex;
  gap: 4px;
  margin: 12px 0;
  padding: 3px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  button {
    min-height: 36px;
    padding: 4px 14px;
    border: 0;
    border-radius: ${({ theme }) => theme.radii.pill};
    background: transparent;
    font: inherit;
    font-size: 0.88rem;
    cursor: pointer;
    color: ${({ theme }) => theme.colors.text};
  }
  button[aria-pressed='true'] { background: ${({ theme }) => theme.colors.surface}; font-weight: 600; box-shadow: ${({ theme }) => theme.shadow.card}; }
`;

/** Which window the adherence charts show: the last 7 or 30 days. */
export function AdherenceWindowPicker({ value, onChange }: { value: number; onChange: (days: number) => void }) {
  return (
    <Group role="group" aria-label="Adherence period">
      {ADHERENCE_WINDOWS_DAYS.map((days) => (
        <button key={days} type="button" aria-pressed={value === days} onClick={() => onChange(days)}>
          Last {days} days
        </button>
      ))}
    </Group>
  );
}
