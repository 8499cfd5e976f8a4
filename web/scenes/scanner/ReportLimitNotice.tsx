import styled from 'styled-components';
import { REPORT_LIMIT_REACHED } from '../../../common/constants';
import { useReportListAbilities } from '../../api/records';
import { RECORD_ICONS } from '../../components/records/icons';
import { IconTile } from '../../components/records/IconTile';
import { Card, LinkButton } from '../../components/ui';

const Notice = styled(Card)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin-bottom: 16px;
  border-color: ${({ theme }) => theme.colors.warning};
  div { flex: 1 1 220px; }
  h2 { margin: 0 0 4px; font-size: 1.05rem; }
  p { margin: 0; font-size: 0.92rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** Said before an upload is tried, when the server says the plan takes no more reports (it would answer 402). */
export function ReportLimitNotice() {
  const abilities = useReportListAbilities();
  if (!abilities || abilities.canAddReport) return null;
  return (
    <Notice role="status" aria-labelledby="report-limit-heading">
      <IconTile icon={RECORD_ICONS.lock} size={40} tint="#fef3c7" ink="#92400e" />
      <div>
        <h2 id="report-limit-heading">Premium Required</h2>
        <p>{REPORT_LIMIT_REACHED}</p>
      </div>
      <LinkButton to="/premium" $size="sm">
        Upgrade to Premium
      </LinkButton>
    </Notice>
  );
}
