import { Link, useRouterState } from '@tanstack/react-router';
import styled from 'styled-components';

const Bar = styled.nav`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  height: ${({ theme }) => theme.layout.bottomNavHeight};
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  display: flex;
  justify-content: space-around;
  align-items: stretch;
  padding-bottom: env(safe-area-inset-bottom);
  z-index: 20;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    top: 0;
    right: auto;
    width: ${({ theme }) => theme.layout.sideNavWidth};
    height: auto;
    flex-direction: column;
    justify-content: flex-start;
    gap: 4px;
    padding: 20px 12px;
    border-top: none;
    border-right: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Brand = styled.span`
  display: none;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    display: block;
    padding: 0 12px 16px;
    font-size: 1.2rem;
    font-weight: 800;
    color: ${({ theme }) => theme.colors.primaryDark};
  }
`;

const Item = styled(Link)`
  flex: 1;
  max-width: 160px;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2px;
  /* Four labels to 320 px: 'Telemedicine' in bold fits a quarter of the screen down to there. */
  font-size: clamp(0.65rem, 3.25vw, 0.75rem);
  font-weight: 500;
  text-decoration: none;
  color: ${({ theme }) => theme.colors.textMuted};
  &[data-active='true'] {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 700;
  }
  svg {
    width: 22px;
    height: 22px;
  }
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    flex: none;
    max-width: none;
    min-height: 44px;
    flex-direction: row;
    justify-content: flex-start;
    gap: 12px;
    padding: 0 12px;
    border-radius: ${({ theme }) => theme.radii.md};
    font-size: 0.95rem;
    &[data-active='true'] { background: ${({ theme }) => theme.colors.primarySoft}; }
  }
`;

/** Links the phone's bottom bar leaves to the screens themselves (the dashboard's header), shown in the desktop side bar. */
const SideOnlyItem = styled(Item)`
  display: none;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    display: flex;
    margin-top: auto;
  }
`;

const icons = {
  home: 'M3 11l9-8 9 8v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  reports: 'M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6',
  calendar: 'M4 6h16v15H4zM4 10h16M8 3v5M16 3v5',
  video: 'M3 7h12v10H3zM15 10l6-3v10l-6-3z',
  settings: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 12h2M3 12h2M12 3v2M12 19v2M17 7l1.4-1.4M5.6 18.4 7 17M17 17l1.4 1.4M5.6 5.6 7 7',
};

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={path} />
    </svg>
  );
}

const ITEMS = [
  { to: '/', label: 'Dashboard', icon: icons.home, matches: ['/', '/dashboard'] },
  { to: '/reports', label: 'Reports', icon: icons.reports, matches: ['/reports'] },
  { to: '/appointments', label: 'Appointments', icon: icons.calendar, matches: ['/appointments'] },
  { to: '/telemedicine', label: 'Telemedicine', icon: icons.video, matches: ['/telemedicine'] },
] as const;

function isActive(path: string, matches: readonly string[]): boolean {
  return matches.some((m) => (m === '/' ? path === '/' : path === m || path.startsWith(`${m}/`)));
}

/**
 * Spec section 2: Dashboard (/), Reports, Appointments, Telemedicine; the active item is highlighted. A bar
 * at the bottom on phones and tablets; from 1024 px the same links stand in a side bar with the app's name,
 * and Settings at its foot (on phones it is the dashboard header's gear).
 */
export function BottomNav() {
  const path = useRouterState({ select: (s) => s.location.pathname });
  return (
    <Bar aria-label="Main" data-testid="main-nav">
      <Brand aria-hidden="true">MediVault</Brand>
      {ITEMS.map((item) => {
        const active = isActive(path, item.matches);
        return (
          <Item key={item.to} to={item.to} data-active={active} aria-current={active ? 'page' : undefined} activeProps={{}} data-testid={`nav-${item.label.toLowerCase()}`}>
            <Icon path={item.icon} />
            {item.label}
          </Item>
        );
      })}
      <SideOnlyItem to="/settings" data-active={path === '/settings'} aria-current={path === '/settings' ? 'page' : undefined} data-testid="nav-settings">
        <Icon path={icons.settings} />
        Settings
      </SideOnlyItem>
    </Bar>
  );
}
