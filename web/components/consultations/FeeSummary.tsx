import styled from 'styled-components';
import { formatCents } from '../../../common/constants';

const Box = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primaryDark};
  font-weight: 600;
  strong { font-size: 1.15rem; }
  em { font-style: normal; font-weight: 500; }
`;

/**
 * The fee the patient will be charged: always the chosen doctor's, in dollars with 2 decimals; before a doctor is
 * chosen (null) it says so rather than show $0.00, which would read as free.
 */
export function FeeSummary({ cents }: { cents: number | null }) {
  return (
    <Box data-testid="consultation-fee">
      <span>Consultation Fee</span>
      {cents === null ? <em>Choose a doctor first</em> : <strong>${formatCents(cents)}</strong>}
    </Box>
  );
}
