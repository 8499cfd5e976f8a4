import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { formatCents } from '../../../common/constants';
import { DialogActions } from '../consultations/DialogActions';
import { showToast } from '../toast';
import { Button, Muted, Stack } from '../ui';

const ElementBox = styled.div`
  min-height: 120px;
  padding: 12px;
  border-radius: 10px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.9rem;
`;

interface Props {
  publishableKey: string;
  clientSecret: string;
  /** Cents, as the server decided them. */
  amount: number;
  onPaid: () => void;
  onBack: () => void;
}

/** What the spec's toasts say when a payment fails: the provider's own message, or the generic one. */
const PAYMENT_ERROR = ['Payment Error', 'There was an error processing your payment. Please try again.'] as const;

/**
 * Stripe's Payment Element for one PaymentIntent (a Premium invoice or a consultation fee) and 'Pay $amount'.
 * Stripe.js is loaded only here, when a payment starts; card details go to Stripe, never to this server.
 */
export function CardPayment({ publishableKey, clientSecret, amount, onPaid, onBack }: Props) {
  const mountPoint = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    loadStripe(publishableKey)
      .then((loaded) => {
        if (cancelled || !loaded || !mountPoint.current) return;
        const elements = loaded.elements({ clientSecret });
        const element = elements.create('payment');
        element.mount(mountPoint.current);
        destroy = () => element.destroy();
        setStripe({ stripe: loaded, elements });
      })
      .catch(() => !cancelled && setLoadFailed(true));
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [publishableKey, clientSecret]);

  const pay = async () => {
    if (!stripe) return;
    setPending(true);
    try {
      const { error } = await stripe.stripe.confirmPayment({ elements: stripe.elements, redirect: 'if_required', confirmParams: { return_url: window.location.href } });
      if (error) {
        showToast('Payment Failed', error.message ?? PAYMENT_ERROR[1], 'destructive');
        setPending(false);
        return;
      }
      onPaid();
    } catch {
      showToast(...PAYMENT_ERROR, 'destructive');
      setPending(false);
    }
  };

  return (
    <Stack $gap="14px">
      <ElementBox ref={mountPoint} aria-label="Card details" aria-busy={!stripe} />
      {loadFailed ? <Problem role="alert">The card form could not be loaded. Check your connection and try again.</Problem> : null}
      <Muted>Payments are processed securely by Stripe. Your card details never reach MediVault.</Muted>
      <DialogActions>
        <Button $variant="secondary" onClick={onBack} disabled={pending}>
          Back
        </Button>
        <Button onClick={() => void pay()} disabled={!stripe || pending}>
          {pending ? 'Processing Payment...' : `Pay $${formatCents(amount)}`}
        </Button>
      </DialogActions>
    </Stack>
  );
}
