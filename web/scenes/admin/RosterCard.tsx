import styled from 'styled-components';
import { formatCents } from '../../../common/constants';
import type { PublicDoctor } from '../../../common/api-types';
import { Badge, Button, Icon, Row } from '../../components/ui';
import { CardHeading, StackedCard } from '../../components/consultations/CardHeading';
import { Avatar } from '../../components/consultations/Avatar';
import { ICONS } from '../../components/consultations/icons';
import { Info, InfoList } from '../../components/consultations/InfoList';

const Facts = styled(InfoList)`
  grid-template-columns: 1fr 1fr;
  & > div:first-child { grid-column: 1 / -1; }
`;

const Actions = styled(Row)`
  margin-top: auto;
  & > * { flex: 1; }
`;

interface Props {
  doctor: PublicDoctor;
  verifying: boolean;
  onToggleVerified: () => void;
  onEdit: () => void;
}

export function RosterCard({ doctor, verifying, onToggleVerified, onEdit }: Props) {
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
        {doctor.isAvailable ? <Badge $tone="info">Available</Badge> : <Badge $tone="neutral">Unavailable</Badge>}
      </Row>
      <Facts>
        <Info label="Email">{doctor.email}</Info>
        <Info label="Phone">{doctor.phone ?? '—'}</Info>
        <Info label="License">{doctor.licenseNumber}</Info>
        <Info label="Experience">{doctor.experience} years</Info>
        <Info label="Fee">${formatCents(doctor.consultationFee)}</Info>
        <Info label="Rating">
          {doctor.rating}/5 ({doctor.totalConsultations})
        </Info>
      </Facts>
      <Actions>
        <Button $variant={doctor.isVerified ? 'secondary' : 'primary'} $size="sm" onClick={onToggleVerified} disabled={verifying}>
          <Icon path={doctor.isVerified ? ICONS.alert : ICONS.shield} size={16} />
          {doctor.isVerified ? 'Unverify' : 'Verify'}
        </Button>
        <Button $variant="secondary" $size="sm" onClick={onEdit}>
          <Icon path={ICONS.edit} size={16} />
          Edit
        </Button>
      </Actions>
    </StackedCard>
  );
}
