import { useQuery } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import styled from 'styled-components';
import { meQuery } from '../../api/session';
import { LandingPage } from './LandingPage';

const Loading = styled.div`
  min-height: 100vh;
  display: grid;
  place-items: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** '/': a loading screen while the session is checked, then the dashboard for users or the landing page. */
export default function HomePage() {
  const { data: me, isPending } = useQuery(meQuery);
  if (isPending) return <Loading role="status">Loading your vault…</Loading>;
  if (me) return <Navigate to={me.role === 'admin' ? '/admin/doctors' : '/dashboard'} replace />;
  return <LandingPage />;
}
