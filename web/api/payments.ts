import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Consultation, PaymentCheckout, PaymentIntentResponse, PaymentsConfig, PremiumSubscriptionAnswer, PublicUser } from '../../common/api-types';
import type { PlanId } from '../../common/constants';
import { apiRequest, newAttemptKey } from './client';
import { meQuery } from './session';

const paymentsConfigQuery = queryOptions<PaymentsConfig>({ queryKey: ['/api/payments/config'] });
export const subscriptionQuery = queryOptions<PremiumSubscriptionAnswer>({ queryKey: ['/api/subscription'] });

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQuery);
}

/** Whether this server takes payments: payment badges and buttons show only then. */
export function usePaymentsEnabled(): boolean {
  return Boolean(usePaymentsConfig().data?.configured);
}

/** Starts Premium for the plan: the server charges the plan's price and answers the first invoice's client secret. */
export function startPremiumCheckout(plan: PlanId): Promise<PaymentIntentResponse> {
  return apiRequest<PaymentIntentResponse>('/api/create-payment-intent', {
    method: 'POST',
    body: { plan, description: `MediVault Premium - ${plan}` },
    idempotencyKey: newAttemptKey(),
  });
}

/** The client secret for a booked consultation's fee. */
export function consultationFeeCheckout(consultationId: string): Promise<PaymentCheckout> {
  return apiRequest<PaymentCheckout>(`/api/consultations/${consultationId}/payment`, { method: 'POST', body: {}, idempotencyKey: newAttemptKey() });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<PremiumSubscriptionAnswer>('/api/subscription/cancel', { method: 'POST', body: {}, idempotencyKey: newAttemptKey() }),
    onSuccess: (answer) => {
      queryClient.setQueryData(subscriptionQuery.queryKey, answer);
      return queryClient.invalidateQueries(meQuery);
    },
  });
}

export function useGrantPremium() {
  return useMutation({ mutationFn: () => apiRequest<PublicUser>('/api/test/grant-premium', { method: 'POST', body: {} }) });
}

/** After a card payment: ask until the server has it from Stripe (or give up). */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 700));
  }
  return false;
}

/** Whether Premium has begun, the server asking Stripe now rather than waiting for its webhook. */
export const premiumStarted = () =>
  apiRequest<PremiumSubscriptionAnswer>('/api/subscription/sync', { method: 'POST', body: {} }).then((answer) => answer.subscription !== null);

/** Whether the consultation's fee is paid, the server asking Stripe now rather than waiting for its webhook. */
export const feePaid = (consultationId: string) =>
  apiRequest<Consultation>(`/api/consultations/${consultationId}/payment/sync`, { method: 'POST', body: {} }).then((now) => now.paymentStatus === 'paid');
