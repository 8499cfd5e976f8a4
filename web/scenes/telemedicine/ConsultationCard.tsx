import styled from 'styled-components';
import type { Consultation } from '../../../common/api-types';
import { canJoinConsultation, consultationMachine, isInJoinWindow, wasNotHeld } from '../../../common/consultation-status';
import { doctorLabel } from '../../../common/names';
import { formatCents } from '../../../common/constants';
import { PAYMENT_FAILED_JOIN_MESSAGE, paymentMachine } from '../../../common/payment-status';
import { ConsultationFeeBadge } from '../../components/consultations/ConsultationFeeBadge';
import { Badge, Button, Icon, LinkButton, Row } from '../../components/ui';
import { CardHeading, StackedCard } from '../../components/consultations/CardHeading';
import { ConsultationStatusBadge } from '../../components/consultations/ConsultationStatusBadge';
import { ConsultationTypeIcon } from '../../components/consultations/ConsultationTypeIcon';
import { CONSULTATION_TYPE_ICONS, ICONS } from '../../components/consultations/icons';
import { formatDay, formatTime } from '../../components/consultations/format';
import { AddToCalendar } from '../../components/calendar/AddToCalendar';
import { withdrawnDoctorNote } from './refund-terms';
import { ChatTranscriptToggle } from '../../components/consultations/ChatTranscriptToggle';

const When = styled(Row)`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.88rem;
  span { display: inline-flex; align-items: center; gap: 6px; }
`;

const Detail = styled.p`
  margin: 0;
  font-size: 0.9rem;
  strong { font-weight: 600; }
`;

const Diagnosis = styled(Detail)`
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.successSoft};
  color: ${({ theme }) => theme.colors.text};
`;

const Actions = styled(Row)`
  & > * { flex: 1; }
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    & > * { flex: none; }
  }
`;

const WarningNote = styled(Detail)`
  color: ${({ theme }) => theme.colors.danger};
`;

interface Props {
  consultation: Consultation;
  onCancel: () => void;
  onReschedule: () => void;
  /** Opens the fee's payment; absent on a server that takes no payments (nor is the payment's status shown there). */
  onPay?: () => void;
}

/** The fee in cents (a consultation booked before fees were kept may have none). */
export const feeOf = (c: Consultation) => c.fee ?? 0;

/** A booked consultation whose fee is still to pay (or whose card was declined), with a doctor who can still take it. */
export const needsPayment = (c: Consultation) => feeOf(c) > 0 && canJoinConsultation(c.status) && !c.doctorWithdrawn && paymentMachine.can(c.paymentStatus, 'succeed');

export function ConsultationCard({ consultation: c, onCancel, onReschedule, onPay }: Props) {
  const open = canJoinConsultation(c.status);
  return (
    <StackedCard as="article" aria-label={`Consultation with ${doctorLabel(c.doctorName)}`} data-testid="consultation-card">
      <CardHeading
        leading={<ConsultationTypeIcon type={c.consultationType} />}
        title={doctorLabel(c.doctorName)}
        subtitle={c.doctorSpecialty}
        trailing={
          <Row $gap="6px" $wrap $justify="flex-end">
            {wasNotHeld(c) ? (
              <Badge $tone="neutral" data-status={c.status}>
                Not held
              </Badge>
            ) : (
              <ConsultationStatusBadge status={c.status} />
            )}
            {onPay && feeOf(c) > 0 ? <ConsultationFeeBadge consultation={c} /> : null}
          </Row>
        }
      />
      <When $gap="16px" $wrap>
        <span>
          <Icon path={ICONS.calendar} size={16} />
          {formatDay(c.appointmentDate)}
        </span>
        <span>
          <Icon path={ICONS.clock} size={16} />
          {formatTime(c.appointmentDate)}
        </span>
      </When>
      {c.symptoms ? (
        <Detail>
          <strong>Symptoms:</strong> {c.symptoms}
        </Detail>
      ) : null}
      {c.status === 'completed' && c.diagnosis ? (
        <Diagnosis data-testid="consultation-diagnosis">
          <strong>Diagnosis:</strong> {c.diagnosis}
        </Diagnosis>
      ) : null}
      {open ? null : <ChatTranscriptToggle consultationId={c.id} side="patient" />}
      {open && c.doctorWithdrawn ? (
        <WarningNote role="note" data-testid="doctor-withdrawn">
          {withdrawnDoctorNote(c)}
        </WarningNote>
      ) : null}
      {open && !c.doctorWithdrawn && !c.canJoin ? <WarningNote role="note">{PAYMENT_FAILED_JOIN_MESSAGE}</WarningNote> : null}
      {open ? (
        <Actions $wrap>
          {onPay && needsPayment(c) ? (
            <Button $size="sm" onClick={onPay}>
              Pay ${formatCents(feeOf(c))}
            </Button>
          ) : null}
          {c.canJoin && !c.doctorWithdrawn && isInJoinWindow(c) ? (
            <LinkButton to={`/video-call/${c.id}`} $size="sm">
              <Icon path={CONSULTATION_TYPE_ICONS[c.consultationType]} size={16} />
              Join Call
            </LinkButton>
          ) : null}
          {c.doctorWithdrawn || wasNotHeld(c) ? null : <AddToCalendar kind="consultations" id={c.id} label={`consultation with ${doctorLabel(c.doctorName)}`} />}
          {consultationMachine.can(c.status, 'reschedule') && !c.doctorWithdrawn ? (
            <Button $variant="secondary" $size="sm" onClick={onReschedule}>
              Reschedule
            </Button>
          ) : null}
          {consultationMachine.can(c.status, 'cancel') ? (
            <Button $variant={c.doctorWithdrawn ? 'secondary' : 'ghost'} $size="sm" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </Actions>
      ) : null}
    </StackedCard>
  );
}
