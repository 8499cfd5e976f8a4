import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import styled from 'styled-components';
import { DOCTOR_RECENT_CONSULTATIONS } from '../../../common/constants';
import type { DoctorConsultation } from '../../../common/api-types';
import { doctorLabel } from '../../../common/names';
import { ApiError } from '../../api/client';
import { doctorMeQuery } from '../../api/doctor-session';
import { doctorConsultationsQuery } from '../../api/doctor';
import { useIsPatientWaiting } from '../../api/waiting-patients';
import { PageHeading } from '../../components/PageHeading';
import { Card, CardHeader, CardTitle, EmptyState, Grid, Skeleton, Stack, StatCard } from '../../components/ui';
import { DoctorConsultationRow } from '../../components/consultations/DoctorConsultationRow';
import { PortalMain, TwoColumns } from '../../components/consultations/PortalMain';
import { isTodayDate } from '../../components/consultations/format';
import { DoctorLogoutButton } from '../../components/consultations/LogoutButton';

const Stats = styled(Grid)`
  grid-template-columns: repeat(2, minmax(0, 1fr));
  margin-bottom: 20px;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const byDate = (a: DoctorConsultation, b: DoctorConsultation) => Date.parse(a.appointmentDate) - Date.parse(b.appointmentDate);

/** Spec section 4: today's are dated today; upcoming are scheduled with a future date. */
function summarise(consultations: DoctorConsultation[], now = new Date()) {
  const today = consultations.filter((c) => isTodayDate(c.appointmentDate, now)).sort(byDate);
  const upcoming = consultations.filter((c) => c.status === 'scheduled' && Date.parse(c.appointmentDate) > now.getTime());
  const recent = [...consultations].sort((a, b) => byDate(b, a)).slice(0, DOCTOR_RECENT_CONSULTATIONS);
  const patients = new Set(consultations.map((c) => c.patientId)).size;
  return { today, upcoming, recent, patients };
}

function ConsultationList({ items, empty, showDay }: { items: DoctorConsultation[]; empty: string; showDay?: boolean }) {
  const isWaiting = useIsPatientWaiting();
  if (items.length === 0) return <EmptyState title={empty} />;
  return (
    <Stack $gap="8px">
      {items.map((c) => (
        <DoctorConsultationRow key={c.id} consultation={c} showDay={showDay} waiting={isWaiting(c)} />
      ))}
    </Stack>
  );
}

export default function DoctorDashboardPage() {
  const navigate = useNavigate();
  const doctor = useQuery(doctorMeQuery);
  const consultations = useQuery(doctorConsultationsQuery);
  const signedOut = (!doctor.isPending && !doctor.data) || (consultations.error instanceof ApiError && consultations.error.status === 401);

  useEffect(() => {
    if (signedOut) void navigate({ to: '/doctor/login' });
  }, [signedOut, navigate]);

  const summary = summarise(consultations.data ?? []);
  const loading = consultations.isPending;

  return (
    <PortalMain>
      <PageHeading
        title={doctor.data ? doctorLabel(doctor.data.name) : 'Doctor Dashboard'}
        subtitle={doctor.data?.specialty}
        actions={<DoctorLogoutButton />}
      />
      <Stats>
        <StatCard label="Today's Consultations" value={loading ? '–' : summary.today.length} testId="stat-today" />
        <StatCard label="Upcoming" value={loading ? '–' : summary.upcoming.length} testId="stat-upcoming" />
        <StatCard label="Total Patients" value={loading ? '–' : summary.patients} testId="stat-patients" />
        <StatCard label="Status" value={doctor.data?.isAvailable === false ? 'Unavailable' : 'Available'} testId="stat-status" />
      </Stats>
      {consultations.isError && !signedOut ? (
        <Card>
          <EmptyState title="Failed to fetch consultations" message="Please reload the page to try again." />
        </Card>
      ) : (
        <TwoColumns>
          <Card aria-labelledby="today-heading" data-testid="todays-schedule">
            <CardHeader>
              <CardTitle id="today-heading">Today's Schedule</CardTitle>
            </CardHeader>
            {loading ? <Skeleton $height="72px" /> : <ConsultationList items={summary.today} empty="No consultations today" />}
          </Card>
          <Card aria-labelledby="recent-heading" data-testid="recent-consultations">
            <CardHeader>
              <CardTitle id="recent-heading">Recent Consultations</CardTitle>
            </CardHeader>
            {loading ? <Skeleton $height="72px" /> : <ConsultationList items={summary.recent} empty="No consultations yet" showDay />}
          </Card>
        </TwoColumns>
      )}
    </PortalMain>
  );
}
