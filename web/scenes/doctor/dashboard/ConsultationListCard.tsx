import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { isSameDay } from 'date-fns';
import { CONSULTATION_STATUSES, CONSULTATION_STATUS_LABELS, type ConsultationStatus } from '../../../../common/constants';
import type { DoctorConsultationPeriod } from '../../../../common/schemas/doctor-consultations';
import { canJoinConsultation } from '../../../../common/consultation-status';
import { doctorConsultationPageQuery } from '../../../api/doctor';
import { messageOf } from '../../../api/auth';
import { useWaitingPatient } from '../../../api/waiting-patients';
import { Card, CardHeader, CardTitle, EmptyState, Input, Select, Skeleton, Stack } from '../../../components/ui';
import { DoctorConsultationRow } from '../../../components/consultations/DoctorConsultationRow';
import { useNow } from '../../../components/consultations/useNow';
import { useSettledValue } from '../../../components/useSettledValue';
import { ListPager } from '../../../components/ListPager';

/** The name search on a line of its own unless the card is wide enough for all three; the day and status share a line. */
const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-bottom: 12px;
  & > * { flex: 1 1 140px; min-width: 0; }
  & > input[type='search'] { flex: 3 1 340px; }
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

/** The statuses a period's list can hold: an upcoming consultation is still open; a past one may be anything. */
const STATUSES_OF: Record<DoctorConsultationPeriod, readonly ConsultationStatus[]> = {
  upcoming: CONSULTATION_STATUSES.filter(canJoinConsultation),
  past: CONSULTATION_STATUSES,
};

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
  const searchedName = useSettledValue(patient.trim());
  const filters = { when, patient: searchedName || undefined, status: status || undefined, ...dayBounds(day), limit: pageSize, offset: page * pageSize };
  const list = useQuery(doctorConsultationPageQuery(filters));
  const headingId = `${testId}-heading`;
  const refilter = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(0);
  };
  const total = list.data?.total ?? 0;
  // Rows that left the list (completed, cancelled, moved) can leave the page shown past the end: back to the last one.
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  const pastTheEnd = list.data !== undefined && !list.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage);
  }, [pastTheEnd, lastPage]);

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
          {STATUSES_OF[when].map((s) => (
            <option key={s} value={s}>
              {CONSULTATION_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
      </Filters>
      {list.isPending || (list.data?.items.length === 0 && list.isPlaceholderData) ? (
        <Skeleton $height="72px" />
      ) : list.isError ? (
        <EmptyState title="Failed to fetch consultations" message={messageOf(list.error, 'Please try again.')} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={searchedName || day || status ? 'No consultations match' : empty} />
      ) : (
        <Stack $gap="8px" aria-busy={list.isPlaceholderData}>
          {list.data.items.map((c) => {
            const waiting = waitingOf(c);
            // Join on the row as on today's schedule, and while the patient waits whichever day it was booked for.
            const joinable = waiting !== undefined || isSameDay(new Date(c.appointmentDate), now);
            return <DoctorConsultationRow key={c.id} consultation={c} showDay waiting={waiting} now={now} joinable={joinable} />;
          })}
        </Stack>
      )}
      <ListPager page={page} pageSize={pageSize} total={total} onPage={setPage} />
    </Card>
  );
}
