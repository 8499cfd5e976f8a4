import styled from 'styled-components';
import { FREE_PLAN_REPORT_LIMIT, type Plan } from '../../../common/constants';
import { RECORD_ICONS } from '../../components/records/icons';
import { Badge, Button, Card, Icon } from '../../components/ui';

const Cards = styled.div`
  display: grid;
  gap: 14px;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 1fr 1fr;
  }
`;

const PlanCard = styled(Card)<{ $featured?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 12px;
  position: relative;
  ${({ $featured, theme }) => ($featured ? `border: 2px solid ${theme.colors.primary};` : '')}
  h2 { margin: 0; font-size: 1.1rem; display: flex; align-items: center; justify-content: space-between; gap: 8px; }
  ul { margin: 0; padding: 0; list-style: none; display: grid; gap: 8px; flex: 1; align-content: start; }
  li { display: flex; gap: 8px; align-items: center; font-size: 0.92rem; }
  li svg { color: ${({ theme }) => theme.colors.success}; flex-shrink: 0; }
`;

const Price = styled.p`
  margin: 0;
  strong { font-size: 2rem; }
  span { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const FREE_FEATURES = [`Up to ${FREE_PLAN_REPORT_LIMIT} medical reports`, 'Basic medication tracking', 'Simple AI summaries', 'Offline access'];
const PREMIUM_FEATURES = ['Unlimited reports', 'Advanced AI analysis', 'PDF export', 'Smart reminders', 'Priority support'];

function Features({ items }: { items: string[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item}>
          <Icon path={RECORD_ICONS.check} size={16} />
          {item}
        </li>
      ))}
    </ul>
  );
}

interface Props {
  plan: Plan;
  subscribed: boolean;
  onUpgrade: () => void;
  onManage: () => void;
}

export function PlanCards({ plan, subscribed, onUpgrade, onManage }: Props) {
  return (
    <Cards>
      <PlanCard aria-label="Free plan">
        <h2>
          Free
          {subscribed ? null : <Badge $tone="neutral">Current Plan</Badge>}
        </h2>
        <Price>
          <strong>$0</strong> <span>forever</span>
        </Price>
        <Features items={FREE_FEATURES} />
      </PlanCard>
      <PlanCard $featured aria-label="Premium plan">
        <h2>
          Premium
          {subscribed ? <Badge $tone="success">Current Plan</Badge> : <Badge $tone="primary">Most Popular</Badge>}
        </h2>
        <Price>
          <strong>${plan.price.toFixed(2)}</strong> <span>/ {plan.interval}</span>
        </Price>
        <Features items={PREMIUM_FEATURES} />
        {subscribed ? (
          <Button $variant="secondary" onClick={onManage}>
            Manage Subscription
          </Button>
        ) : (
          <Button onClick={onUpgrade}>
            <Icon path={RECORD_ICONS.crown} size={18} />
            Upgrade Now
          </Button>
        )}
      </PlanCard>
    </Cards>
  );
}
