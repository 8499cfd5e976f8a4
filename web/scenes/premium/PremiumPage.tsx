import { useState } from 'react';
import styled from 'styled-components';
import { PLANS, type Plan, type PlanId } from '../../../common/constants';
import { useIsPremium } from '../../api/records';
import { premiumStarted, startPremiumCheckout, useGrantPremium, usePaymentsConfig, waitUntil } from '../../api/payments';
import { PageHeading } from '../../components/PageHeading';
import { PaymentCheckoutPanel } from '../../components/payments/PaymentCheckoutPanel';
import { IconTile } from '../../components/records/IconTile';
import { TileGrid } from '../../components/records/Layout';
import { showToast } from '../../components/toast';
import { Badge, Button, Card, Dialog } from '../../components/ui';
import { ManageSubscriptionDialog } from './ManageSubscriptionDialog';
import { PlanCards } from './PlanCards';
import { PREMIUM_FEATURES } from '../../components/premium-features';

const Toggle = styled.div`
  display: inline-flex;
  padding: 4px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  margin-bottom: 8px;
  button {
    border: none;
    background: none;
    padding: 8px 18px;
    border-radius: 999px;
    font-weight: 600;
    cursor: pointer;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  button[aria-pressed='true'] { background: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.onPrimary}; }
`;

const Savings = styled.p`
  margin: 0 0 16px;
  display: flex;
  gap: 8px;
  align-items: center;
  flex-wrap: wrap;
  font-size: 0.88rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Section = styled.section`
  margin-top: 28px;
  h2 { font-size: 1.15rem; margin: 0 0 12px; }
`;

const Feature = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 14px;
  strong { font-size: 0.95rem; }
  p { margin: 0; font-size: 0.84rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Faq = styled.details`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: 14px 16px;
  & + & { margin-top: 8px; }
  summary { font-weight: 600; cursor: pointer; }
  p { margin: 10px 0 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.92rem; }
`;

const Testing = styled(Card)`
  margin-top: 28px;
  border-style: dashed;
  border-color: ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.warningSoft};
  h2 { margin: 0 0 6px; font-size: 1rem; }
  p { margin: 0 0 12px; font-size: 0.9rem; }
`;


const FAQS = [
  { q: 'Can I cancel anytime?', a: 'Yes. Cancel whenever you like and keep Premium access until the end of your billing period.' },
  { q: 'Is my medical data secure?', a: 'Your records are protected with HIPAA-compliant encryption, in transit and at rest.' },
  { q: 'What payment methods do you accept?', a: 'All major credit and debit cards, processed securely by our card payment provider.' },
];

const TOAST_READ_MS = 2000;

/** After the card is accepted: once the server has Premium from Stripe (asked at once, or its webhook), the page reloads (spec section 4). */
async function welcomeToPremium() {
  showToast('Payment Successful!', 'Welcome to MediVault Premium! Your subscription is now active.');
  // At least long enough to read the toast, which the reload takes away.
  await Promise.all([waitUntil(premiumStarted), new Promise((resolve) => setTimeout(resolve, TOAST_READ_MS))]);
  window.location.reload();
}

/** The purchase's terms before paying: the amount, how often it is charged, and what cancelling gives back (nothing of a period begun). */
const premiumTerms = (plan: Plan) =>
  `MediVault Premium, ${plan.name.toLowerCase()}: $${plan.price.toFixed(2)} now and every ${plan.interval} until you cancel. ` +
  `Cancel anytime: Premium stays until the end of the ${plan.interval} you paid for, and that payment is not refunded.`;

export default function PremiumPage() {
  const subscribed = useIsPremium();
  const config = usePaymentsConfig();
  const [planId, setPlanId] = useState<PlanId>('monthly');
  const [purchasing, setPurchasing] = useState(false);
  const [managing, setManaging] = useState(false);
  const plan = PLANS[planId];
  const grant = useGrantPremium();

  const grantPremium = () =>
    grant.mutate(undefined, {
      onSuccess: () => window.location.reload(),
      onError: () => showToast('Error', 'Failed to grant premium access. Please try again.', 'destructive'),
    });

  return (
    <>
      <PageHeading title="MediVault Premium" subtitle="More insight from your records, for less than a coffee a month" />
      <Toggle role="group" aria-label="Billing period">
        {(['monthly', 'yearly'] as const).map((id) => (
          <button key={id} type="button" aria-pressed={planId === id} onClick={() => setPlanId(id)}>
            {PLANS[id].name}
          </button>
        ))}
      </Toggle>
      <Savings>
        {planId === 'yearly' ? (
          <>
            <Badge $tone="success">{PLANS.yearly.savingsLabel}</Badge>
            {PLANS.yearly.badge}
          </>
        ) : (
          'Switch to yearly billing and save.'
        )}
      </Savings>
      <PlanCards plan={plan} subscribed={subscribed} onUpgrade={() => setPurchasing(true)} onManage={() => setManaging(true)} />

      <Section aria-labelledby="features-heading">
        <h2 id="features-heading">Everything in Premium</h2>
        <TileGrid $columns={3}>
          {PREMIUM_FEATURES.map((f) => (
            <Feature key={f.title}>
              <IconTile icon={f.icon} size={36} />
              <strong>{f.title}</strong>
              <p>{f.text}</p>
            </Feature>
          ))}
        </TileGrid>
      </Section>

      <Section aria-labelledby="faq-heading">
        <h2 id="faq-heading">Frequently Asked Questions</h2>
        {FAQS.map((f) => (
          <Faq key={f.q}>
            <summary>{f.q}</summary>
            <p>{f.a}</p>
          </Faq>
        ))}
      </Section>

      {subscribed || !config.data?.testMode ? null : (
        <Testing aria-label="Testing Mode">
          <h2>Testing Mode</h2>
          <p>Try every Premium feature without paying: this grants Premium to your account on this test server.</p>
          <Button $variant="secondary" onClick={grantPremium} disabled={grant.isPending}>
            {grant.isPending ? 'Granting...' : 'Grant Premium Access'}
          </Button>
        </Testing>
      )}

      <Dialog open={purchasing} title="Complete Your Purchase" description={premiumTerms(plan)} onClose={() => setPurchasing(false)}>
        {purchasing ? (
          <PaymentCheckoutPanel
            key={planId}
            start={() => startPremiumCheckout(planId)}
            expectedAmount={plan.amountCents}
            onPaid={() => void welcomeToPremium()}
            onBack={() => setPurchasing(false)}
          />
        ) : null}
      </Dialog>
      <ManageSubscriptionDialog open={managing} onClose={() => setManaging(false)} />
    </>
  );
}
