import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import type { DoctorConsultation } from '../../../common/api-types';
import { personName } from '../../../common/names';
import { ConsultationStatusBadge } from './ConsultationStatusBadge';
import { PaymentStatusBadge } from './PaymentStatusBadge';
import { usePaymentsEnabled } from '../../api/payments';
import { ConsultationTypeIcon } from './ConsultationTypeIcon';
import { PatientWaitingNote } from './PatientWaitingNote';
import { formatDay, formatTime } from './format';

const RowLink = styled(Link)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  padding: 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: inherit;
  text-decoration: none;
  transition: background 120ms ease, border-color 120ms ease;
  &:hover, &:focus-visible { background: ${({ theme }) => theme.colors.surfaceMuted}; border-color: ${({ theme }) => theme.colors.primary}; }
`;

const Text = styled.div`
  flex: 1;
  min-width: 0;
  strong { display: block; }
  span {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.85rem;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;

/** A line of its own under the text (past the type icon), so the note never wraps beside a long name. */
const WaitingLine = styled.div`
  flex-basis: 100%;
  padding-left: 56px;
  margin-top: -10px;
`;

/** One consultation in the doctor's lists, opening its detail page; marked while its patient waits in the call. */
export function DoctorConsultationRow({ consultation: c, showDay, waiting }: { consultation: DoctorConsultation; showDay?: boolean; waiting?: boolean }) {
  const paymentsEnabled = usePaymentsEnabled();
  const when = showDay ? `${formatDay(c.appointmentDate)} · ${formatTime(c.appointmentDate)}` : formatTime(c.appointmentDate);
  return (
    <RowLink to={`/doctor/consultation/${c.id}`} data-testid="doctor-consultation-row">
      <ConsultationTypeIcon type={c.consultationType} />
      <Text>
        <strong>{personName(c.patient)}</strong>
        <span>{when}</span>
        {c.symptoms ? <span>{c.symptoms}</span> : null}
      </Text>
      <ConsultationStatusBadge status={c.status} />
      {paymentsEnabled && (c.fee ?? 0) > 0 ? <PaymentStatusBadge status={c.paymentStatus} /> : null}
      {waiting ? (
        <WaitingLine>
          <PatientWaitingNote />
        </WaitingLine>
      ) : null}
    </RowLink>
  );
}
