import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import type { DoctorConsultation } from '../../../common/api-types';
import type { WaitingPatient } from '../../../common/socket-events';
import { personName } from '../../../common/names';
import { ConsultationStatusBadge } from './ConsultationStatusBadge';
import { ConsultationFeeBadge } from './ConsultationFeeBadge';
import { usePaymentsEnabled } from '../../api/payments';
import { ConsultationTypeIcon } from './ConsultationTypeIcon';
import { PatientWaitingNote } from './PatientWaitingNote';
import { formatDay, formatTime } from './format';
import { AnchorButton, Icon } from '../ui';
import { CONSULTATION_TYPE_ICONS } from './icons';

const RowBox = styled.div<{ $waiting?: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  padding: 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme, $waiting }) => ($waiting ? theme.colors.success : theme.colors.border)};
  /* A waiting patient's row has a bar on its left that hover never gives: a row under the pointer cannot pass for one whose patient waits. */
  box-shadow: ${({ theme, $waiting }) => ($waiting ? `inset 4px 0 0 ${theme.colors.success}` : 'none')};
  transition: background 120ms ease, border-color 120ms ease;
  &:hover, &:focus-within {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    border-color: ${({ theme, $waiting }) => ($waiting ? theme.colors.success : theme.colors.primary)};
  }
`;

const RowLink = styled(Link)`
  display: flex;
  flex: 1 1 220px;
  min-width: 0;
  align-items: center;
  gap: 12px;
  color: inherit;
  text-decoration: none;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 4px; border-radius: 4px; }
`;

const Text = styled.div`
  flex: 1;
  min-width: 0;
  strong { display: block; }
  & > span {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.85rem;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;

/** The day and the time each stay whole; where the line is too short for both, the time goes under the day rather than out of sight. */
const When = styled.span`
  && { white-space: normal; }
  & > span { white-space: nowrap; }
`;

const Trailing = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin-left: auto;
`;

interface Props {
  consultation: DoctorConsultation;
  showDay?: boolean;
  /** The patient waiting in the call now, if they are. */
  waiting?: WaitingPatient;
  /** For how long they have waited: the time now (ms) when given. */
  now?: number;
  /** Offer Join on the row itself: straight to the call's device check, in a window of its own. */
  joinable?: boolean;
}

/** One consultation in the doctor's lists, opening its detail page; marked while its patient waits in the call. */
export function DoctorConsultationRow({ consultation: c, showDay, waiting, now, joinable }: Props) {
  const paymentsEnabled = usePaymentsEnabled();
  const patientName = personName(c.patient);
  const canJoin = joinable && c.canJoin;
  return (
    <RowBox data-testid="doctor-consultation-row" $waiting={Boolean(waiting)}>
      <RowLink to={`/doctor/consultation/${c.id}`}>
        <ConsultationTypeIcon type={c.consultationType} />
        <Text>
          <strong>{patientName}</strong>
          <When data-testid="consultation-when">
            {showDay ? <><span>{formatDay(c.appointmentDate)} ·</span> </> : null}
            <span>{formatTime(c.appointmentDate)}</span>
          </When>
          {c.symptoms ? <span>{c.symptoms}</span> : null}
          {waiting ? <PatientWaitingNote since={waiting.waitingSince} now={now} /> : null}
        </Text>
      </RowLink>
      <Trailing>
        <ConsultationStatusBadge status={c.status} />
        {paymentsEnabled && (c.fee ?? 0) > 0 ? <ConsultationFeeBadge consultation={c} /> : null}
        {canJoin ? (
          <AnchorButton href={`/video-call/${c.id}`} target="_blank" rel="opener" $size="sm" $variant={waiting ? 'primary' : 'secondary'} aria-label={`Join the consultation with ${patientName}`}>
            <Icon path={CONSULTATION_TYPE_ICONS[c.consultationType]} size={16} />
            Join
          </AnchorButton>
        ) : null}
      </Trailing>
    </RowBox>
  );
}
