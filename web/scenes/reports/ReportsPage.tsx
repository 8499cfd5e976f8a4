import { useState } from 'react';
import { plural } from '../../../common/plural';
import styled from 'styled-components';
import { figureOf, useReports } from '../../api/records';
import { PageHeading } from '../../components/PageHeading';
import { ReportCard } from '../../components/records/ReportCard';
import { Button, EmptyState, Grid, LinkButton, LoadFailed, Select, Skeleton, StatCard } from '../../components/ui';
import { SearchInput, StatRow } from '../../components/records/Layout';
import { useSearchQuery } from '../../components/records/search-query';
import { ExportButton } from './ExportButton';
import { FilterChips } from './FilterChips';
import { REPORT_SORTS, filterCounts, matchesSearch, visibleReports, type ReportFilter, type ReportSort } from './report-filters';

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  & > :first-child { flex: 1 1 300px; }
  margin-bottom: 12px;
`;

const SortField = styled.label`
  display: flex;
  align-items: center;
  gap: 6px;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
  span { display: none; }
  select { width: auto; }
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    span { display: inline; }
  }
`;

const List = styled(Grid)`
  margin-top: 4px;
`;

const ListBar = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin: 8px 0 12px;
  p { margin: 0; font-size: 0.88rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

export default function ReportsPage() {
  const loaded = useReports();
  const { items: reports, isPending, failed, retry } = loaded;
  const [search, setSearch] = useSearchQuery();
  const [filter, setFilter] = useState<ReportFilter>('All');
  const [sort, setSort] = useState<ReportSort>('Date');
  const shown = visibleReports(reports, { search, filter, sort });
  const clearFilters = () => {
    setSearch('');
    setFilter('All');
  };

  let list: React.ReactNode;
  if (isPending) {
    list = (
      <List $min="320px">
        <Skeleton $height="200px" />
        <Skeleton $height="200px" />
      </List>
    );
  } else if (failed) {
    list = <LoadFailed what="reports" onRetry={retry} />;
  } else if (!reports.length) {
    list = (
      <EmptyState
        title="No medical reports yet"
        message="Scan a document or upload a PDF to add your first report."
        action={<LinkButton to="/scanner">Add Report</LinkButton>}
      />
    );
  } else if (!shown.length) {
    list = (
      <EmptyState
        title="No reports found"
        message="No report matches your search and filter."
        action={
          <Button $variant="secondary" onClick={clearFilters}>
            Clear Filters
          </Button>
        }
      />
    );
  } else {
    list = (
      <List $min="320px">
        {shown.map((report) => (
          <ReportCard key={report.id} report={report} />
        ))}
      </List>
    );
  }

  return (
    <>
      <PageHeading title="Medical Reports" subtitle="Your results, scans and prescriptions" />
      <StatRow>
        <StatCard label="Total" value={figureOf(loaded, (all) => all.length)} testId="stat-total" />
        <StatCard label="Need Review" value={figureOf(loaded, (all) => all.filter((r) => r.status === 'urgent').length)} testId="stat-need-review" />
        <StatCard label="Offline Ready" value={figureOf(loaded, (all) => all.filter((r) => r.isOfflineAvailable).length)} testId="stat-offline" />
      </StatRow>
      <Tools>
        <SearchInput value={search} onChange={setSearch} placeholder="Search title, doctor or facility" label="Search reports" />
        <SortField>
          <span>Sort by</span>
          <Select value={sort} onChange={(e) => setSort(e.target.value as ReportSort)} aria-label="Sort by">
            {REPORT_SORTS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </SortField>
      </Tools>
      <FilterChips value={filter} counts={isPending || failed ? null : filterCounts(reports.filter((r) => matchesSearch(r, search)))} onChange={setFilter} />
      <ListBar>
        <p>{isPending ? 'Loading reports…' : failed ? 'No reports loaded' : `Showing ${shown.length} of ${plural(reports.length, 'report')}`}</p>
        <ExportButton />
      </ListBar>
      {list}
    </>
  );
}
