import { useId } from 'react';
import styled from 'styled-components';
import { premiumFeature, type PremiumFeatureTitle } from './premium-features';
import { RECORD_ICONS } from './records/icons';
import { Badge, Icon, LinkButton } from './ui';

const Locked = styled.section`
  display: grid;
  gap: 8px;
  padding: 12px 14px;
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  header { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
  h3 { margin: 0; font-size: 0.98rem; }
  p { margin: 0; font-size: 0.88rem; color: ${({ theme }) => theme.colors.textMuted}; }
  a { justify-self: start; }
`;

/** A Premium feature the plan does not give: its name and words from the Premium page, and the way to /premium. */
export function PremiumLock({ feature }: { feature: PremiumFeatureTitle }) {
  const { title, text } = premiumFeature(feature);
  const headingId = useId();
  return (
    <Locked aria-labelledby={headingId} data-testid="premium-lock">
      <header>
        <Icon path={RECORD_ICONS.lock} size={16} />
        <h3 id={headingId}>{title}</h3>
        <Badge $tone="primary">Premium</Badge>
      </header>
      <p>{text}</p>
      <LinkButton to="/premium" $variant="secondary" $size="sm">
        Upgrade to Premium
      </LinkButton>
    </Locked>
  );
}
