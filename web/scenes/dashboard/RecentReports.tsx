import { DASHBOARD_RECENT_REPORTS } from '../../../common/constants';
import type { MedicalReport } from '../../../common/api-types';
import { ReportRow } from '../../components/records/ReportRow';
import { SectionCard } from '../../components/records/SectionCard';
import { EmptyState, LinkButton, LoadFailed, Skeleton, Stack } from '../../components/ui';
import type { ListState } from '../../api/records';

/** Reports whose title contains the search, case-insensitive. */
const matchingTitle = (reports: MedicalReport[], search: string) => {
  const needle = search.trim().toLowerCase();
  return needle ? reports.filter((r) => r.title.toLowerCase().includes(needle)) : reports;
};

export function RecentReports({ list, search }: { list: ListState<MedicalReport>; search: string }) {
  const { items: reports, isPending, failed, retry } = list;
  const shown = matchingTitle(reports, search).slice(0, DASHBOARD_RECENT_REPORTS);
  let body: React.ReactNode;
  if (isPending) {
    body = (
      <Stack $gap="8px">
        <Skeleton $height="48px" />
        <Skeleton $height="48px" />
        <Skeleton $height="48px" />
      </Stack>
    );
  } else if (failed) {
    body = <LoadFailed what="reports" onRetry={retry} />;
  } else if (!reports.length) {
    body = (
      <EmptyState
        title="No medical reports yet"
        message="Scan or upload your first report to keep it safe here."
        action={<LinkButton to="/scanner">Add Your First Report</LinkButton>}
      />
    );
  } else if (!shown.length) {
    body = <EmptyState title="No reports match your search" message="Try another title." />;
  } else {
    body = shown.map((r) => <ReportRow key={r.id} report={r} />);
  }
  return (
    <SectionCard title="Recent Medical Reports" link="/reports" testId="recent-reports">
      {body}
    </SectionCard>
  );
}
