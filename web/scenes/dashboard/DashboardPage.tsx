import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { medicationState } from '../../../common/records';
import { dashboardSummaryQuery, useAppointments, useMedications, useReports, figureOf } from '../../api/records';
import { nextAppointmentLabel } from '../../components/records/appointment-time';
import { RECORD_ICONS } from '../../components/records/icons';
import { touchTarget } from '../../components/touch-target';
import { Icon, StatCard } from '../../components/ui';
import { Columns, StatRow } from '../../components/records/Layout';
import { useSearchQuery } from '../../components/records/search-query';
import { InstallCard } from '../../components/offline/InstallCard';
import { DashboardHeader } from './DashboardHeader';
import { HealthSummaryCard } from './HealthSummaryCard';
import { RecentReports } from './RecentReports';
import { SearchBar } from './SearchBar';
import { ServiceTiles } from './ServiceTiles';
import { UpcomingAppointments } from './UpcomingAppointments';

const Main = styled(Columns)`
  margin-top: 16px;
`;

const Side = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const History = styled(Link)`
  ${touchTarget}
  gap: 6px;
  margin-top: 20px;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
  text-decoration: none;
  &:hover { color: ${({ theme }) => theme.colors.primary}; }
`;

export default function DashboardPage() {
  const [search, setSearch] = useSearchQuery();
  const reports = useReports();
  const medications = useMedications();
  const appointments = useAppointments();
  // Null on failure in the dashboard (spec section 7).
  const summary = useQuery(dashboardSummaryQuery);

  return (
    <>
      <DashboardHeader />
      <SearchBar value={search} onChange={setSearch} />
      <StatRow>
        <StatCard label="Medical Reports" value={figureOf(reports, (items) => items.length)} testId="stat-reports" />
        <StatCard label="Active Medications" value={figureOf(medications, (items) => items.filter((m) => medicationState(m) === 'active').length)} testId="stat-medications" />
        <StatCard label="Next Appointment" value={figureOf(appointments, nextAppointmentLabel)} testId="stat-next-appointment" />
      </StatRow>
      <ServiceTiles />
      <Main $ratio="3fr 2fr">
        <RecentReports list={reports} search={search} />
        <Side>
          <UpcomingAppointments list={appointments} />
          <HealthSummaryCard summary={summary.data ?? null} />
        </Side>
      </Main>
      {/* Last: the browser's offer often comes after the screen is drawn, and a card above would push it all down. */}
      <InstallCard />
      <History to="/access-history">
        <Icon path={RECORD_ICONS.history} size={16} />
        Access history
      </History>
    </>
  );
}
