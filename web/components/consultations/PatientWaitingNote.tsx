import styled, { keyframes } from 'styled-components';

const pulse = keyframes`
  0%, 100% { box-shadow: 0 0 0 0 rgba(21, 128, 61, 0.45); }
  50% { box-shadow: 0 0 0 5px rgba(21, 128, 61, 0); }
`;

const Note = styled.div`
  display: inline-flex;
  align-items: center;
  gap: 8px;
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

/** Marks a consultation whose patient is in the call while the doctor is not. */
export function PatientWaitingNote() {
  return <Note data-testid="patient-waiting">Patient is waiting</Note>;
}
