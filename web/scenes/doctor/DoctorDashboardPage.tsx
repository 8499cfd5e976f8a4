import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import styled from 'styled-components';
import { DOCTOR_RECENT_CONSULTATIONS } from '../../../common/constants';
import { doctorLabel } from '../../../common/names';
import { ApiError } from '../../api/client';
import { doctorMeQuery } from '../../api/doctor-session';
import { doctorConsultationPageQuery, doctorPatientCountQuery } from '../../api/doctor';
import { PageHeading } from '../../components/PageHeading';
import { Card, EmptyState, Grid, Stack, StatCard, TwoColumns } from '../../components/ui';
import { PortalMain } from '../../components/consultations/PortalMain';
import { DoctorLogoutButton } from '../../components/consultations/LogoutButton';
import { TodaysSchedule, todayFilters } from './dashboard/TodaysSchedule';
import { ConsultationListCard } from './dashboard/ConsultationListCard';
import { useNow } from '../../components/consultations/useNow';

const Stats = styled(Grid)`
  grid-template-columns: repeat(2, minmax(0, 1fr));
  margin-bottom: 20px;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

/**
 * Spec section 4: upcoming are those with a future date still to be held (the count needs only the total). It
 * counts what the Upcoming list holds, one started ahead of its time included, so the card and the list agree.
 */
const UPCOMING_COUNT = { when: 'upcoming', limit: 1 } as const;
/** Enough upcoming rows to see the next days at a glance. */
const UPCOMING_PAGE = 10;

export default function DoctorDashboardPage() {
  const navigate = useNavigate();
  const doctor = useQuery(doctorMeQuery);
  // Re-read each minute, so that at midnight today's list becomes the new day's.
  const now = useNow(60_000);
  const today = useQuery(doctorConsultationPageQuery(todayFilters(new Date(now))));
  const upcoming = useQuery(doctorConsultationPageQuery(UPCOMING_COUNT));
  const patients = useQuery(doctorPatientCountQuery);
  const signedOut = (!doctor.isPending && !doctor.data) || (today.error instanceof ApiError && today.error.status === 401);

  useEffect(() => {
    if (signedOut) void navigate({ to: '/doctor/login' });
  }, [signedOut, navigate]);

  const count = (value: number | undefined) => value ?? '–';

  return (
    <PortalMain>
      <PageHeading
        title={doctor.data ? doctorLabel(doctor.data.name) : 'Doctor Dashboard'}
        subtitle={doctor.data?.specialty}
        actions={<DoctorLogoutButton />}
      />
      <Stats>
        <StatCard label="Today's Consultations" value={count(today.data?.total)} testId="stat-today" />
        <StatCard label="Upcoming" value={count(upcoming.data?.total)} testId="stat-upcoming" />
        <StatCard label="Total Patients" value={count(patients.data?.totalPatients)} testId="stat-patients" />
        <StatCard label="Status" value={doctor.data ? (doctor.data.isAvailable ? 'Available' : 'Unavailable') : '–'} testId="stat-status" />
      </Stats>
      {today.isError && !signedOut ? (
        <Card>
          <EmptyState title="Failed to fetch consultations" message="Please reload the page to try again." />
        </Card>
      ) : (
        <Stack $gap="16px">
          <TwoColumns>
            <TodaysSchedule today={today} />
            <ConsultationListCard when="past" title="Recent Consultations" testId="recent-consultations" pageSize={DOCTOR_RECENT_CONSULTATIONS} empty="No consultations yet" />
          </TwoColumns>
          <ConsultationListCard when="upcoming" title="Upcoming" testId="upcoming-consultations" pageSize={UPCOMING_PAGE} empty="No upcoming consultations" />
        </Stack>
      )}
    </PortalMain>
  );
}
