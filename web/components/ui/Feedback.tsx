import styled, { keyframes } from 'styled-components';
import { Button } from './Button';

const pulse = keyframes`
  0% { opacity: 0.55; }
  50% { opacity: 1; }
  100% { opacity: 0.55; }
`;

export const Skeleton = styled.div<{ $height?: string; $width?: string }>`
  height: ${({ $height }) => $height ?? '16px'};
  width: ${({ $width }) => $width ?? '100%'};
  border-radius: 10px;
  background: ${({ theme }) => theme.colors.border};
  animation: ${pulse} 1.4s ease-in-out infinite;
`;

const spin = keyframes`to { transform: rotate(360deg); }`;

export const Spinner = styled.span.attrs({ role: 'status', 'aria-label': 'Loading' })`
  display: inline-block;
  width: 22px;
  height: 22px;
  border: 3px solid ${({ theme }) => theme.colors.primarySoft};
  border-top-color: ${({ theme }) => theme.colors.primary};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

const EmptyBox = styled.div`
  text-align: center;
  padding: 32px 16px;
  color: ${({ theme }) => theme.colors.textMuted};
  h3 { color: ${({ theme }) => theme.colors.text}; margin: 8px 0 4px; font-size: 1.05rem; }
  p { margin: 0 0 16px; }
`;

export function EmptyState({ title, message, action }: { title: string; message?: string; action?: React.ReactNode }) {
  return (
    <EmptyBox>
      <h3>{title}</h3>
      {message ? <p>{message}</p> : null}
      {action}
    </EmptyBox>
  );
}

/** In place of a list that could not be loaded: says so (never that the list is empty) and offers to try again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert">
      <EmptyState
        title="Loading failed"
        message={`Your ${what} could not be loaded. Check your connection and try again.`}
        action={
          <Button $variant="secondary" onClick={onRetry}>
            Try Again
          </Button>
        }
      />
    </div>
  );
}

/**
 * Three to a row on a phone, a label has little room: at 360 px about 86 px for 'Appointment'. The label's
 * size follows the box (13% of its width, which that word fits) between a readable floor and its size on
 * wider screens; only a box narrower than a 360 px phone's breaks the word.
 */
const StatBox = styled.div`
  container-type: inline-size;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: 14px 12px;
  display: flex;
  flex-direction: column;
  gap: 4px;
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: clamp(0.68rem, 13cqi, 0.8rem); font-weight: 600; overflow-wrap: anywhere; }
  strong { font-size: 1.4rem; }
  @media (max-width: 399px) {
    padding: 12px 8px;
  }
`;

/** `value` null: not known yet (or could not be loaded), shown as a dash rather than a number. */
export function StatCard({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <StatBox data-testid={testId}>
      <span>{label}</span>
      <strong>{value ?? '—'}</strong>
    </StatBox>
  );
}
