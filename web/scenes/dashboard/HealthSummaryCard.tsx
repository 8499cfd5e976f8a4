import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import type { DashboardSummary } from '../../../common/api-types';
import { RECORD_ICONS } from '../../components/records/icons';
import { Icon } from '../../components/ui';

const Panel = styled(Link)`
  display: block;
  padding: 18px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.primary}, ${({ theme }) => theme.colors.primaryDark});
  color: ${({ theme }) => theme.colors.onPrimary};
  text-decoration: none;
  box-shadow: ${({ theme }) => theme.shadow.card};
  header { display: flex; align-items: center; justify-content: space-between; margin-bottom: 14px; }
  h2 { margin: 0; font-size: 1.05rem; display: flex; align-items: center; gap: 8px; }
  dl { margin: 0; display: grid; grid-template-columns: repeat(2, 1fr); gap: 12px; }
  dt { font-size: 0.78rem; opacity: 0.85; }
  dd { margin: 2px 0 0; font-size: 1.3rem; font-weight: 700; }
  footer {
    display: flex;
    align-items: center;
    justify-content: space-between;
    margin-top: 14px;
    padding-top: 12px;
    border-top: 1px solid rgba(255, 255, 255, 0.25);
    font-size: 0.9rem;
  }
  footer span { display: inline-flex; align-items: center; gap: 6px; }
  footer strong { padding: 2px 10px; border-radius: 999px; background: rgba(255, 255, 255, 0.2); font-size: 0.8rem; }
`;

/** Links to /health-summary with the counts of GET /api/dashboard-summary ('—' while it is missing, as the stat cards: never a 0 that is not known). */
export function HealthSummaryCard({ summary }: { summary: DashboardSummary | null }) {
  const facts: Array<[string, React.ReactNode]> = [
    ['Total Reports', summary?.totalReports ?? '—'],
    ['Urgent', summary?.urgentReports ?? '—'],
    ['Active Medications', summary?.activeMedications ?? '—'],
    ['Upcoming Appointments', summary?.upcomingAppointments ?? '—'],
  ];
  return (
    <Panel to="/health-summary" data-testid="health-summary-card">
      <header>
        <h2>
          <Icon path={RECORD_ICONS.heart} />
          Health Summary
        </h2>
        <Icon path={RECORD_ICONS.chevronRight} />
      </header>
      <dl>
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <footer>
        <span>
          <Icon path={RECORD_ICONS.sparkles} size={16} />
          AI Analysis
        </span>
        <strong>Ready</strong>
      </footer>
    </Panel>
  );
}
