import styled from 'styled-components';
import { CONSULTATION_TYPE_LABELS, type ConsultationType } from '../../../common/constants';
import { Icon } from '../ui';
import { CONSULTATION_TYPE_ICONS } from './icons';

const Tile = styled.span`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: 44px;
  height: 44px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primaryDark};
`;

export function ConsultationTypeIcon({ type }: { type: ConsultationType }) {
  return (
    <Tile title={CONSULTATION_TYPE_LABELS[type]}>
      <Icon path={CONSULTATION_TYPE_ICONS[type]} size={22} label={CONSULTATION_TYPE_LABELS[type]} />
    </Tile>
  );
}
