import { Outlet } from '@tanstack/react-router';
import styled from 'styled-components';
import { useConsultationUpdates } from '../api/consultation-updates';
import { BottomNav } from './BottomNav';

const Main = styled.main`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 16px 16px calc(${({ theme }) => theme.layout.bottomNavHeight} + 24px);
`;

/** Frame of every signed-in patient screen: content above, bottom navigation fixed below; consultations stay live. */
export function PatientLayout() {
  useConsultationUpdates();
  return (
    <>
      <Main>
        <Outlet />
      </Main>
      <BottomNav />
    </>
  );
}
