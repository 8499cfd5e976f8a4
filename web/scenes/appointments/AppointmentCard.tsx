import { format } from 'date-fns';
import styled from 'styled-components';
import type { Appointment } from '../../../common/api-types';
import { appointmentMachine } from '../../../common/appointment-status';
import { formatCents } from '../../../common/constants';
import { doctorLabel } from '../../../common/names';
import { RECORD_ICONS } from '../../components/records/icons';
import { ReminderToggle } from '../../components/records/ReminderToggle';
import { AppointmentStatusBadge } from '../../components/records/StatusBadge';
import { Button, Card, Icon } from '../../components/ui';
import { AddToCalendar } from '../../components/calendar/AddToCalendar';


const Body = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

const Top = styled.div`
  display: flex;
  gap: 14px;
  align-items: flex-start;
`;

const DateBlock = styled.time<{ $muted: boolean }>`
  flex-shrink: 0;
  width: 56px;
  padding: 6px 0;
  border-radius: 12px;
  text-align: center;
  background: ${({ $muted, theme }) => ($muted ? theme.colors.surfaceMuted : theme.colors.primarySoft)};
  color: ${({ $muted, theme }) => ($muted ? theme.colors.textMuted : theme.colors.primaryDark)};
  small { display: block; font-size: 0.7rem; font-weight: 700; text-transform: uppercase; letter-spacing: 0.05em; }
  strong { display: block; font-size: 1.35rem; line-height: 1.1; }
`;

const Details = styled.div`
  flex: 1;
  min-width: 0;
  header { display: flex; justify-content: space-between; gap: 8px; align-items: flex-start; }
  h3 { margin: 0; font-size: 1.02rem; }
  p { margin: 3px 0 0; font-size: 0.88rem; color: ${({ theme }) => theme.colors.textMuted}; display: flex; gap: 6px; align-items: flex-start; }
  p svg { flex-shrink: 0; margin-top: 2px; }
  .specialty { color: ${({ theme }) => theme.colors.primary}; font-weight: 600; }
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 14px;
  padding-top: 10px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-size: 0.82rem;
  color: ${({ theme }) => theme.colors.textMuted};
  strong { color: ${({ theme }) => theme.colors.text}; font-weight: 600; }
`;

const Actions = styled.footer`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  & > :first-child { margin-right: auto; }
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    & > :first-child { flex-basis: 100%; margin-right: 0; }
    & > :not(:first-child) { flex: 1; }
  }
`;

interface Props {
  appointment: Appointment;
  /** Upcoming appointments can be rescheduled, cancelled and reminded of. */
  onReschedule?: () => void;
  onCancel?: () => void;
}

export function AppointmentCard({ appointment: a, onReschedule, onCancel }: Props) {
  const when = new Date(a.appointmentDate);
  const upcoming = Boolean(onReschedule);
  return (
    <Body as="article" aria-label={`${a.specialty} with ${doctorLabel(a.doctorName)}`} data-testid={upcoming ? 'upcoming-appointment' : 'past-appointment'}>
      <Top>
        <DateBlock dateTime={a.appointmentDate} $muted={!upcoming}>
          <small>{format(when, 'MMM')}</small>
          <strong>{format(when, 'd')}</strong>
          <small>{format(when, 'EEE')}</small>
        </DateBlock>
        <Details>
          <header>
            <h3>{doctorLabel(a.doctorName)}</h3>
            <AppointmentStatusBadge appointment={a} />
          </header>
          <p className="specialty">{a.specialty}</p>
          <p>
            <Icon path={RECORD_ICONS.clock} size={15} />
            {format(when, upcoming ? 'h:mm a' : 'MMM d, yyyy · h:mm a')} · {a.duration} min
          </p>
          <p>
            <Icon path={RECORD_ICONS.file} size={15} />
            {[a.facility, a.facilityAddress].filter(Boolean).join(', ')}
          </p>
          {a.reason ? <p>Reason: {a.reason}</p> : null}
        </Details>
      </Top>
      {upcoming ? (
        <>
          <Meta>
            {a.confirmationCode ? (
              <span>
                Confirmation <strong>{a.confirmationCode}</strong>
              </span>
            ) : null}
            <span>
              Cost <strong>${formatCents(a.cost)}</strong>
            </span>
            {a.insuranceCovered ? <span>Covered by insurance</span> : null}
          </Meta>
          <Actions>
            <ReminderToggle appointment={a} />
            <AddToCalendar kind="appointments" id={a.id} label={`appointment with ${doctorLabel(a.doctorName)}`} />
            {appointmentMachine.can(a.status, 'reschedule') ? (
              <Button $variant="secondary" $size="sm" onClick={onReschedule}>
                Reschedule
              </Button>
            ) : null}
            {appointmentMachine.can(a.status, 'cancel') ? (
              <Button $variant="secondary" $size="sm" onClick={onCancel}>
                Cancel
              </Button>
            ) : null}
          </Actions>
        </>
      ) : null}
    </Body>
  );
}
