import styled, { keyframes } from 'styled-components';

const pulse = keyframes`
  0%, 100% { box-shadow: 0 0 0 0 rgba(21, 128, 61, 0.45); }
  50% { box-shadow: 0 0 0 5px rgba(21, 128, 61, 0); }
`;

/** In a narrow row 'for N min' goes to the next line whole, never word by word. */
const Note = styled.div`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0 8px;
  white-space: nowrap;
  margin-top: 4px;
  color: ${({ theme }) => theme.colors.success};
  font-size: 0.85rem;
  font-weight: 600;
  &::before {
    content: '';
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: currentColor;
    animation: ${pulse} 1.6s ease-in-out infinite;
  }
  @media (prefers-reduced-motion: reduce) {
    &::before { animation: none; }
  }
`;

const Since = styled.span`
  font-weight: 400;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Whole minutes since `iso` ('just now' under one). */
function waitedFor(iso: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  return minutes < 1 ? 'just now' : `for ${minutes} min`;
}

/** Marks a consultation whose patient is in the call while the doctor is not; with `since`, for how long. */
export function PatientWaitingNote({ since, now }: { since?: string; now?: number }) {
  return (
    <Note data-testid="patient-waiting">
      Patient is waiting
      {since && now ? (
        <Since as="time" dateTime={since} data-testid="waited-for">
          {waitedFor(since, now)}
        </Since>
      ) : null}
    </Note>
  );
}
