import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { greetingFor } from '../../../common/constants';
import { useLogout } from '../../api/auth';
import { meQuery } from '../../api/session';
import { RECORD_ICONS } from '../../components/records/icons';
import { Icon, IconButton, IconLink, LinkButton } from '../../components/ui';
import { NotificationBell } from './NotificationBell';

// On a phone the actions drop below the greeting rather than squeezing it into a narrow column.
const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin: 4px 0 18px;
`;

const Greeting = styled.div`
  min-width: 0;
  flex: 1 1 240px;
  h1 { margin: 0; font-size: 1.45rem; line-height: 1.2; }
  p { margin: 4px 0 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.92rem; }
`;

const Actions = styled.div`
  margin-left: auto;
  display: flex;
  align-items: center;
  gap: 8px;
  flex-shrink: 0;
`;

const NewRecord = styled(LinkButton)`
  padding: 9px 12px;
  white-space: nowrap;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    padding: 10px 16px;
  }
`;

/** Greeting by time of day, the notification bell, New Record, settings and sign-out. */
export function DashboardHeader() {
  const me = useQuery(meQuery);
  const { logout, isPending } = useLogout();
  return (
    <Bar>
      <Greeting>
        <h1>{greetingFor(new Date(), me.data?.firstName)}</h1>
        <p>Your health records at a glance</p>
      </Greeting>
      <Actions>
        <NotificationBell />
        <NewRecord to="/scanner">
          <Icon path={RECORD_ICONS.plus} size={18} />
          New Record
        </NewRecord>
        <IconLink to="/settings" aria-label="Settings" title="Settings">
          <Icon path={RECORD_ICONS.settings} />
        </IconLink>
        <IconButton onClick={logout} disabled={isPending} aria-label="Log out" title="Log out">
          <Icon path={RECORD_ICONS.logout} />
        </IconButton>
      </Actions>
    </Bar>
  );
}
