import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import type { DashboardSummary } from '../../../common/api-types';
import {
  HEALTH_SUMMARY_ACTIVE_MEDICATIONS,
  HEALTH_SUMMARY_RECENT_REPORTS,
  MEDICATION_FREQUENCY_LABELS,
} from '../../../common/constants';
import { medicationState } from '../../../common/records';
import { dashboardSummaryQuery, useGenerateSummary, useMedications, useReports } from '../../api/records';
import { messageOf } from '../../api/auth';
import { useRetryHint } from '../../offline/connectivity';
import { PageHeading } from '../../components/PageHeading';
import { RECORD_ICONS } from '../../components/records/icons';
import { RECORD_PAGES } from '../../components/records/record-pages';
import { ReportRow } from '../../components/records/ReportRow';
import { MedicationIcon } from '../../components/records/ReportTypeIcon';
import { SectionCard } from '../../components/records/SectionCard';
import { SummaryResult } from '../../components/records/SummaryResult';
import { showToast } from '../../components/toast';
import { Badge, Button, EmptyState, Icon, LoadFailed, Skeleton, Stack, type BadgeTone } from '../../components/ui';
import { BackLink, Columns, TileGrid, TileLink } from '../../components/records/Layout';

const Tiles = styled(TileGrid)`
  margin-bottom: 16px;
`;

const Tile = styled(TileLink)`
  gap: 6px;
  span.label { font-size: 0.82rem; font-weight: 600; color: ${({ theme }) => theme.colors.textMuted}; display: flex; align-items: center; gap: 6px; }
  strong { font-size: 1.5rem; }
  ${Badge} { align-self: flex-start; }
`;

const MedicationRow = styled(Link)`
  display: flex;
  align-items: center;
  gap: 12px;
  div { flex: 1; min-width: 0; }
  padding: 10px 4px;
  color: inherit;
  text-decoration: none;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  strong { display: block; font-size: 0.95rem; }
  span { font-size: 0.82rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Recommendations = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: 10px;
  li { display: flex; gap: 10px; font-size: 0.93rem; line-height: 1.45; overflow-wrap: anywhere; }
  svg { flex-shrink: 0; margin-top: 2px; color: ${({ theme }) => theme.colors.primary}; }
  p { margin: 0; }
`;

/** Where a recommendation comes from, linked to the record's screen. */
const Cited = styled.p`
  font-size: 0.82rem;
  color: ${({ theme }) => theme.colors.textMuted};
  a { color: ${({ theme }) => theme.colors.primaryDark}; text-decoration: underline; display: inline-block; min-height: 24px; }
`;

interface TileSpec {
  label: string;
  icon: string | readonly string[];
  to: string;
  value: React.ReactNode;
  badge: [BadgeTone, string];
}

function tilesFor(summary: DashboardSummary): TileSpec[] {
  const urgent = summary.urgentReports;
  return [
    { label: 'Medical Reports', icon: RECORD_ICONS.file, to: '/reports', value: summary.totalReports, badge: urgent ? ['danger', `${urgent} Urgent`] : ['success', 'All Normal'] },
    { label: 'Active Medications', icon: RECORD_ICONS.pill, to: '/medications', value: summary.activeMedications, badge: summary.activeMedications ? ['success', 'On Schedule'] : ['neutral', 'None Active'] },
    { label: 'Appointments', icon: RECORD_ICONS.calendar, to: '/appointments', value: summary.upcomingAppointments, badge: summary.upcomingAppointments ? ['info', 'Scheduled'] : ['neutral', 'None Scheduled'] },
    { label: 'AI Analysis', icon: RECORD_ICONS.sparkles, to: '/ai-summary', value: 'Ready', badge: ['primary', 'Available'] },
  ];
}

function Loading() {
  return (
    <Stack data-testid="health-summary-loading">
      <Tiles>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} $height="112px" />
        ))}
      </Tiles>
      <Skeleton $height="220px" />
    </Stack>
  );
}

export default function HealthSummaryPage() {
  const summary = useQuery(dashboardSummaryQuery);
  const reports = useReports();
  const medications = useMedications();
  const generate = useGenerateSummary();
  const retryHint = useRetryHint();

  const runSummary = () =>
    generate.mutate('overview', {
      onSuccess: () => showToast('AI medical summary generated successfully', undefined, 'success'),
      onError: (error) => showToast(messageOf(error, error.message), undefined, 'destructive'),
    });

  const heading = (
    <>
      <BackLink to="/" />
      <PageHeading
        title="Health Summary"
        subtitle="Everything in your vault, in one view"
        actions={
          <Button onClick={runSummary} disabled={generate.isPending}>
            <Icon path={RECORD_ICONS.sparkles} size={18} />
            {generate.isPending ? 'Generating...' : 'Generate AI Summary'}
          </Button>
        }
      />
    </>
  );

  if (summary.isPending || reports.isPending || medications.isPending) {
    return (
      <>
        {heading}
        <Loading />
      </>
    );
  }
  if (!summary.data) {
    return (
      <>
        {heading}
        <EmptyState
          title="Failed to fetch summary"
          message={retryHint}
          action={
            <Button $variant="secondary" onClick={() => void summary.refetch()}>
              Try Again
            </Button>
          }
        />
      </>
    );
  }

  const recentReports = reports.items.slice(0, HEALTH_SUMMARY_RECENT_REPORTS);
  // A list that could not be loaded is said to have failed, also beside the other list's rows.
  const failedLists = [reports.failed ? 'reports' : null, medications.failed ? 'medications' : null].filter((what) => what !== null);
  const activeMedications = medications.items.filter((m) => medicationState(m) === 'active').slice(0, HEALTH_SUMMARY_ACTIVE_MEDICATIONS);
  // A summary kept on the device by an earlier version has no citations: shown without recommendations until it is fetched again.
  const recommendations = summary.data.citedRecommendations ?? [];

  return (
    <>
      {heading}
      <Tiles>
        {tilesFor(summary.data).map((tile) => (
          <Tile key={tile.label} to={tile.to} data-testid="summary-tile">
            <span className="label">
              <Icon path={tile.icon} size={16} />
              {tile.label}
            </span>
            <strong>{tile.value}</strong>
            <Badge $tone={tile.badge[0]}>{tile.badge[1]}</Badge>
          </Tile>
        ))}
      </Tiles>
      <Stack $gap="16px">
        {generate.data ? <SummaryResult title="AI Medical Summary" summary={generate.data} /> : null}
        <Columns $ratio={recommendations.length ? '1fr 1fr' : '1fr'}>
          <SectionCard title="Recent Activity" testId="recent-activity">
            {recentReports.map((r) => (
              <ReportRow key={r.id} report={r} />
            ))}
            {activeMedications.map((m) => (
              <MedicationRow key={m.id} to="/medications" data-testid="activity-medication">
                <MedicationIcon size={36} />
                <div>
                  <strong>{m.name}</strong>
                  <span>
                    {m.dosage} · {MEDICATION_FREQUENCY_LABELS[m.frequency]}
                  </span>
                </div>
                <Badge $tone="success">Active</Badge>
              </MedicationRow>
            ))}
            {failedLists.length ? (
              <LoadFailed
                what={failedLists.length > 1 ? 'records' : failedLists[0]!}
                onRetry={() => {
                  reports.retry();
                  medications.retry();
                }}
              />
            ) : recentReports.length || activeMedications.length ? null : (
              <EmptyState title="No recent activity to show" />
            )}
          </SectionCard>
          {recommendations.length ? (
            <SectionCard title="Health Recommendations" testId="recommendations">
              <Recommendations>
                {recommendations.map((recommendation) => (
                  <li key={recommendation.text} data-testid="recommendation">
                    <Icon path={RECORD_ICONS.check} size={18} />
                    <div>
                      <p>{recommendation.text}</p>
                      <Cited>
                        From: <Link to={RECORD_PAGES[recommendation.recordType](recommendation.recordId)}>{recommendation.cites}</Link>
                      </Cited>
                    </div>
                  </li>
                ))}
              </Recommendations>
            </SectionCard>
          ) : null}
        </Columns>
      </Stack>
    </>
  );
}
