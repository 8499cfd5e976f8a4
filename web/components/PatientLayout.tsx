import styled from 'styled-components';
import { useConsultationUpdates } from '../api/consultation-updates';
import { useRenewedPushSubscription, useTimeZoneSync } from '../api/reminders';
import { BottomNav } from './BottomNav';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { OfflineStatus } from './offline/OfflineStatus';
import { DeletionNotice } from './DeletionNotice';
import { DeferredOutlet } from './DeferredOutlet';
import { useVaultSync } from '../offline/use-vault-sync';

const Main = styled.main`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 16px 16px calc(${({ theme }) => theme.layout.bottomNavHeight} + 24px);
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    max-width: calc(${({ theme }) => theme.layout.maxWidth} + ${({ theme }) => theme.layout.sideNavWidth});
    padding: 24px 32px 32px calc(${({ theme }) => theme.layout.sideNavWidth} + 32px);
  }
`;

/**
 * Frame of every signed-in patient screen: a skip link, the content, and the navigation (a bottom bar on
 * phones, a side bar from 1024 px); consultations stay live, the records are kept on the device for
 * offline use, with the connection's state above the content, and reminder times follow the browser's zone.
 */
export function PatientLayout() {
  useConsultationUpdates();
  useVaultSync();
  useTimeZoneSync();
  useRenewedPushSubscription();
  return (
    <>
      <SkipLink />
      <BottomNav />
      <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <OfflineStatus />
        <DeletionNotice />
        <DeferredOutlet />
      </Main>
    </>
  );
}

