import styled from 'styled-components';

/** Page frame of the doctor portal and the admin screen (no patient bottom navigation). */
export const PortalMain = styled.main`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 16px 16px 40px;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    padding: 28px 24px 56px;
  }
`;

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
