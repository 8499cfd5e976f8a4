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
`;

/** The fee the patient will be charged: always the chosen doctor's, in dollars with 2 decimals. */
export function FeeSummary({ cents }: { cents: number }) {
  return (
    <Box data-testid="consultation-fee">
      <span>Consultation Fee</span>
      <strong>${formatCents(cents)}</strong>
    </Box>
  );
}
