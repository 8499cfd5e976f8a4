import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { CONSULTATION_STATUSES, CONSULTATION_STATUS_LABELS, type ConsultationStatus } from '../../../../common/constants';
import type { DoctorConsultationPeriod } from '../../../../common/schemas/doctor-consultations';
import { doctorConsultationPageQuery } from '../../../api/doctor';
import { messageOf } from '../../../api/auth';
import { useWaitingPatient } from '../../../api/waiting-patients';
import { Button, Card, CardHeader, CardTitle, EmptyState, Input, Muted, Row, Select, Skeleton, Stack } from '../../../components/ui';
import { DoctorConsultationRow } from '../../../components/consultations/DoctorConsultationRow';
import { useNow } from './useNow';

const Filters = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  gap: 8px;
  margin-bottom: 12px;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr);
  }
`;

const Pager = styled(Row)`
  margin-top: 12px;
  justify-content: space-between;
  align-items: center;
`;

/** The bounds of a local calendar day picked in <input type="date">, as instants. */
function dayBounds(day: string): { from?: string; to?: string } {
  if (!day) return {};
  const start = new Date(`${day}T00:00:00`);
  if (Number.isNaN(start.getTime())) return {};
  const end = new Date(start);
  end.setDate(end.getDate() + 1);
  end.setMilliseconds(-1);
  return { from: start.toISOString(), to: end.toISOString() };
}

interface Props {
  when: DoctorConsultationPeriod;
  title: string;
  testId: string;
  pageSize: number;
  empty: string;
}

/** Upcoming or past consultations, searched by patient name and filtered by day and status on the server, a page at a time. */
export function ConsultationListCard({ when, title, testId, pageSize, empty }: Props) {
  const [patient, setPatient] = useState('');
  const [day, setDay] = useState('');
  const [status, setStatus] = useState<ConsultationStatus | ''>('');
  const [page, setPage] = useState(0);
  const waitingOf = useWaitingPatient();
  const now = useNow();
  const filters = { when, patient: patient.trim() || undefined, status: status || undefined, ...dayBounds(day), limit: pageSize, offset: page * pageSize };
  const list = useQuery(doctorConsultationPageQuery(filters));
  const headingId = `${testId}-heading`;
  const refilter = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(0);
  };
  const total = list.data?.total ?? 0;
  const shownFrom = total === 0 ? 0 : page * pageSize + 1;
  const shownTo = Math.min(total, (page + 1) * pageSize);

  return (
    <Card aria-labelledby={headingId} data-testid={testId}>
      <CardHeader>
        <CardTitle id={headingId}>{title}</CardTitle>
      </CardHeader>
      <Filters role="search" aria-label={`Filter ${title}`}>
        <Input type="search" placeholder="Search by patient name" aria-label="Patient name" value={patient} maxLength={100} onChange={(e) => refilter(setPatient)(e.target.value)} />
        <Input type="date" aria-label="Date" value={day} onChange={(e) => refilter(setDay)(e.target.value)} />
        <Select aria-label="Status" value={status} onChange={(e) => refilter(setStatus)(e.target.value as ConsultationStatus | '')}>
          <option value="">All statuses</option>
          {CONSULTATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {CONSULTATION_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
      </Filters>
      {list.isPending ? (
        <Skeleton $height="72px" />
      ) : list.isError ? (
        <EmptyState title="Failed to fetch consultations" message={messageOf(list.error, 'Please try again.')} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={patient || day || status ? 'No consultations match' : empty} />
      ) : (
        <Stack $gap="8px" aria-busy={list.isPlaceholderData}>
          {list.data.items.map((c) => (
            <DoctorConsultationRow key={c.id} consultation={c} showDay waiting={waitingOf(c)} now={now} />
          ))}
        </Stack>
      )}
      {total > pageSize ? (
        <Pager $gap="8px">
          <Button $variant="secondary" $size="sm" onClick={() => setPage(page - 1)} disabled={page === 0}>
            Previous
          </Button>
          <Muted aria-live="polite">
            {shownFrom}–{shownTo} of {total}
          </Muted>
          <Button $variant="secondary" $size="sm" onClick={() => setPage(page + 1)} disabled={shownTo >= total}>
            Next
          </Button>
        </Pager>
      ) : null}
    </Card>
  );
}
