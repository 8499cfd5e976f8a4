import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { PaymentCheckout } from '../../../common/api-types';
import { formatCents } from '../../../common/constants';
import { PAYMENTS_NOT_CONFIGURED } from '../../../common/payment-status';
import { ApiError } from '../../api/client';
import { usePaymentsConfig } from '../../api/payments';
import { DialogActions } from '../consultations/DialogActions';
import { Button, Spinner, Stack } from '../ui';
import { CardPayment } from './CardPayment';

const Note = styled.p`
  margin: 0;
  padding: 14px;
  border-radius: 10px;
  background: ${({ theme }) => theme.colors.warningSoft};
  font-size: 0.92rem;
`;

interface Props {
  /** Asks the server for the PaymentIntent to pay (it decides the amount). */
  start: () => Promise<PaymentCheckout>;
  /** Cents the button shows until the server has answered. */
  expectedAmount: number;
  onPaid: () => void;
  onBack: () => void;
}

/**
 * The payment step of a dialog: asks the server for the PaymentIntent, then shows Stripe's card form. A
 * server without Stripe keys says so plainly ('Payments are not configured') instead of a card field.
 */
export function PaymentCheckoutPanel({ start, expectedAmount, onPaid, onBack }: Props) {
  const config = usePaymentsConfig();
  const [checkout, setCheckout] = useState<PaymentCheckout | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const configured = config.data?.configured;

  useEffect(() => {
    if (!configured) return;
    let cancelled = false;
    start().then(
      (answer) => !cancelled && setCheckout(answer),
      (err) => !cancelled && setProblem(err instanceof ApiError && err.detail ? err.detail : 'There was an error processing your payment. Please try again.'),
    );
    return () => {
      cancelled = true;
    };
    // `start` is a new function at each render of the dialog; one PaymentIntent per opening is what is meant.
  }, [configured]);

  if (config.data && config.data.publishableKey && checkout) {
    return <CardPayment publishableKey={config.data.publishableKey} clientSecret={checkout.clientSecret} amount={checkout.amount} onPaid={onPaid} onBack={onBack} />;
  }
  const message = config.data && !configured ? `${PAYMENTS_NOT_CONFIGURED} on this server, so card payments cannot be taken here.` : problem;
  return (
    <Stack $gap="14px">
      {message ? <Note role="note">{message}</Note> : <Spinner />}
      <DialogActions>
        <Button $variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button disabled>Pay ${formatCents(expectedAmount)}</Button>
      </DialogActions>
    </Stack>
  );
}
