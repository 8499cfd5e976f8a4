import styled from 'styled-components';
import { formatCents } from '../../../common/constants';
import { plural } from '../../../common/plural';
import type { PublicDoctor } from '../../../common/api-types';
import type { RosterChange } from '../../api/admin';
import { Badge, Button, Icon, Row } from '../../components/ui';
import { CardHeading, StackedCard } from '../../components/consultations/CardHeading';
import { Avatar } from '../../components/consultations/Avatar';
import { ICONS } from '../../components/consultations/icons';
import { Info, InfoList } from '../../components/consultations/InfoList';

/** Email and phone each get a whole line, so a phone number is never split between its groups of digits. */
const Facts = styled(InfoList)`
  grid-template-columns: 1fr 1fr;
  & > div:nth-child(-n + 2) { grid-column: 1 / -1; }
`;

/**
 * Two equal columns at every width: on a narrow phone a long label takes two lines instead of pushing its button out
 * of the card. A last button alone on its row takes the whole row.
 */
const Actions = styled.div`
  margin-top: auto;
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 8px;
  & > button { white-space: normal; text-align: center; line-height: 1.2; }
  & > button:last-child:nth-child(odd) { grid-column: 1 / -1; }
`;

interface Props {
  doctor: PublicDoctor;
  busy: boolean;
  onChange: (change: RosterChange) => void;
  onEdit: () => void;
  onResetPassword: () => void;
}

export function RosterCard({ doctor, busy, onChange, onEdit, onResetPassword }: Props) {
  return (
    <StackedCard as="article" aria-label={doctor.name} data-testid="roster-card">
      <CardHeading leading={<Avatar name={doctor.name} />} title={doctor.name} subtitle={doctor.specialty} accent />
      <Row $gap="6px" $wrap>
        {doctor.isVerified ? (
          <Badge $tone="success">
            <Icon path={ICONS.shield} size={14} />
            Verified
          </Badge>
        ) : (
          <Badge $tone="warning">Pending</Badge>
        )}
        {/* A deactivated doctor takes no one, whatever their availability (kept for when they are reactivated). */}
        {!doctor.isActive ? <Badge $tone="danger">Deactivated</Badge> : doctor.isAvailable ? <Badge $tone="info">Available</Badge> : <Badge $tone="neutral">Unavailable</Badge>}
      </Row>
      <Facts>
        <Info label="Email">{doctor.email}</Info>
        <Info label="Phone">{doctor.phone ?? '—'}</Info>
        <Info label="License">{doctor.licenseNumber}</Info>
        <Info label="Experience">{plural(doctor.experience, 'year')}</Info>
        <Info label="Fee">${formatCents(doctor.consultationFee)}</Info>
        <Info label="Rating">
          {doctor.rating}/5 · {plural(doctor.totalConsultations, 'consultation')}
        </Info>
      </Facts>
      <Actions>
        <Button $variant={doctor.isVerified ? 'secondary' : 'primary'} $size="sm" onClick={() => onChange({ isVerified: !doctor.isVerified })} disabled={busy}>
          <Icon path={doctor.isVerified ? ICONS.alert : ICONS.shield} size={16} />
          {doctor.isVerified ? 'Unverify' : 'Verify'}
        </Button>
        <Button $variant="secondary" $size="sm" onClick={onEdit}>
          <Icon path={ICONS.edit} size={16} />
          Edit
        </Button>
        {doctor.isActive ? (
          <Button $variant="secondary" $size="sm" onClick={() => onChange({ isAvailable: !doctor.isAvailable })} disabled={busy}>
            {doctor.isAvailable ? 'Set Unavailable' : 'Set Available'}
          </Button>
        ) : null}
        <Button $variant={doctor.isActive ? 'secondary' : 'primary'} $size="sm" onClick={() => onChange({ isActive: !doctor.isActive })} disabled={busy}>
          {doctor.isActive ? 'Deactivate' : 'Reactivate'}
        </Button>
        <Button $variant="ghost" $size="sm" onClick={onResetPassword} disabled={busy}>
          Reset Password
        </Button>
      </Actions>
    </StackedCard>
  );
}
