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
