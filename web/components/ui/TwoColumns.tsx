import styled from 'styled-components';

/** Two columns from tablet width up (main and side), one on phones. */
export const TwoColumns = styled.div<{ $side?: string }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
  align-items: start;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: ${({ $side }) => ($side ? `minmax(0, 1fr) ${$side}` : 'minmax(0, 1fr) minmax(0, 1fr)')};
  }
`;
