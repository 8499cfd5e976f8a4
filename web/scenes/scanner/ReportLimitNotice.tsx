import styled from 'styled-components';
import { FREE_PLAN_REPORT_LIMIT, REPORT_LIMIT_REACHED } from '../../../common/constants';
import { useIsPremium, useReports } from '../../api/records';
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

/** Said before an upload is tried: a free plan that is full cannot take another report (the server would answer 402). */
export function ReportLimitNotice() {
  const { items: reports, isPending } = useReports();
  const premium = useIsPremium();
  if (premium || isPending || reports.length < FREE_PLAN_REPORT_LIMIT) return null;
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
