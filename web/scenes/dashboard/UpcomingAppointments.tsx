import styled from 'styled-components';
import { DASHBOARD_UPCOMING_APPOINTMENTS } from '../../../common/constants';
import type { Appointment } from '../../../common/api-types';
import { doctorLabel } from '../../../common/names';
import { upcomingAppointments } from '../../components/records/appointment-time';
import { formatAppointmentTime } from '../../components/records/appointment-time';
import { ReminderToggle } from '../../components/records/ReminderToggle';
import { SectionCard } from '../../components/records/SectionCard';
import { AppointmentStatusBadge } from '../../components/records/StatusBadge';
import { EmptyState, LinkButton, LoadFailed, Skeleton } from '../../components/ui';
import type { ListState } from '../../api/records';

const Item = styled.article`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 12px 0;
  & + & { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
  header { display: flex; justify-content: space-between; gap: 8px; align-items: flex-start; }
  h3 { margin: 0; font-size: 0.98rem; }
  p { margin: 2px 0 0; font-size: 0.85rem; color: ${({ theme }) => theme.colors.textMuted}; }
  footer { display: flex; justify-content: space-between; align-items: center; gap: 8px; }
  time { font-size: 0.88rem; font-weight: 600; }
`;

function AppointmentItem({ appointment }: { appointment: Appointment }) {
  return (
    <Item data-testid="upcoming-appointment">
      <header>
        <div>
          <h3>{doctorLabel(appointment.doctorName)}</h3>
          <p>
            {appointment.specialty} · {appointment.facility}
          </p>
        </div>
        <AppointmentStatusBadge appointment={appointment} />
      </header>
      <footer>
        <time dateTime={appointment.appointmentDate}>
          {formatAppointmentTime(appointment.appointmentDate)}
        </time>
        <ReminderToggle appointment={appointment} />
      </footer>
    </Item>
  );
}

export function UpcomingAppointments({ list }: { list: ListState<Appointment> }) {
  const upcoming = upcomingAppointments(list.items).slice(0, DASHBOARD_UPCOMING_APPOINTMENTS);
  return (
    <SectionCard title="Upcoming Appointments" link="/appointments" testId="upcoming-appointments">
      {list.isPending ? (
        <Skeleton $height="80px" />
      ) : list.failed ? (
        <LoadFailed what="appointments" onRetry={list.retry} />
      ) : upcoming.length ? (
        upcoming.map((a) => <AppointmentItem key={a.id} appointment={a} />)
      ) : (
        <EmptyState title="No upcoming appointments" message="Book a visit and it will show here." action={<LinkButton to="/appointments" $variant="secondary">Book Appointment</LinkButton>} />
      )}
    </SectionCard>
  );
}
