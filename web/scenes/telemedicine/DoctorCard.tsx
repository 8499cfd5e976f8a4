import { plural } from '../../../common/plural';
import styled from 'styled-components';
import { formatCents } from '../../../common/constants';
import { doctorLabel } from '../../../common/names';
import type { ListedDoctor } from '../../api/consultations';
import { Badge, Button, Icon } from '../../components/ui';
import { CardHeading, StackedCard } from '../../components/consultations/CardHeading';
import { Avatar } from '../../components/consultations/Avatar';
import { ICONS } from '../../components/consultations/icons';

const Facts = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-end;
  gap: 8px;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-size: 0.82rem;
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: nowrap;
  strong { display: flex; align-items: center; gap: 4px; color: ${({ theme }) => theme.colors.text}; font-size: 1rem; }
`;

const Rating = styled.div`
  svg { color: #f59e0b; fill: #f59e0b; }
`;

const Fee = styled.div`
  text-align: right;
  strong { justify-content: flex-end; }
`;

const Bio = styled.p`
  margin: 0;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow: hidden;
  min-height: 2.6em;
`;

export function DoctorCard({ doctor, onBook }: { doctor: ListedDoctor; onBook: () => void }) {
  return (
    <StackedCard as="article" aria-label={doctorLabel(doctor.name)} data-testid="doctor-card">
      <CardHeading
        leading={<Avatar name={doctor.name} />}
        title={doctorLabel(doctor.name)}
        subtitle={doctor.specialty}
        accent
        trailing={doctor.isAvailable ? <Badge $tone="success">Available</Badge> : <Badge $tone="neutral">Unavailable</Badge>}
      />
      <Facts>
        <Rating>
          <strong>
            <Icon path={ICONS.star} size={16} />
            {doctor.rating}/5
          </strong>
          {plural(doctor.totalConsultations, 'consultation')}
        </Rating>
        <Fee>
          <strong>${formatCents(doctor.consultationFee)}</strong>
          per consultation
        </Fee>
      </Facts>
      <Bio>{doctor.bio}</Bio>
      <Button $block onClick={onBook} disabled={!doctor.isAvailable}>
        <Icon path={ICONS.video} size={18} />
        Book Consultation
      </Button>
    </StackedCard>
  );
}
