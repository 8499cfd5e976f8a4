import type { DoctorConsultation } from '../../../../common/api-types';
import type { ListPage } from '../../../api/client';
import { useWaitingPatient } from '../../../api/waiting-patients';
import { Card, CardHeader, CardTitle, EmptyState, Skeleton, Stack } from '../../../components/ui';
import { DoctorConsultationRow } from '../../../components/consultations/DoctorConsultationRow';
import { queueOrder } from './queue-order';
import { useNow } from '../../../components/consultations/useNow';

/** Today's Schedule: the day's queue, waiting patients first with how long they have waited, each joinable from its row. */
export function TodaysSchedule({ today }: { today: { data?: ListPage<DoctorConsultation>; isPending: boolean } }) {
  const waitingOf = useWaitingPatient();
  const now = useNow();
  const items = today.data ? queueOrder(today.data.items, waitingOf) : [];
  return (
    <Card aria-labelledby="today-heading" data-testid="todays-schedule">
      <CardHeader>
        <CardTitle id="today-heading">Today's Schedule</CardTitle>
      </CardHeader>
      {today.isPending ? (
        <Skeleton $height="72px" />
      ) : items.length === 0 ? (
        <EmptyState title="No consultations today" />
      ) : (
        <Stack $gap="8px">
          {items.map((c) => (
            <DoctorConsultationRow key={c.id} consultation={c} waiting={waitingOf(c)} now={now} joinable />
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** Today's query as the dashboard asks it: the local day, in time order (a day's queue fits one page). */
export const todayFilters = (now = new Date()) => {
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  const end = new Date(start);
  end.setDate(end.getDate() + 1);
  end.setMilliseconds(-1);
  return { from: start.toISOString(), to: end.toISOString(), order: 'asc' as const, limit: 100 };
};
