import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MfaEnrolment, MfaStatus, PublicDoctor, PublicUser, RecoveryCodes } from '../../common/api-types';
import { ApiError, apiRequest } from './client';

export const mfaStatusQuery = queryOptions<MfaStatus>({ queryKey: ['/api/auth/mfa'] });

/** What the second step of a sign-in answers: the account, and its recovery codes when it confirmed a new authenticator. */
export interface SecondStepResult {
  user?: PublicUser;
  doctor?: PublicDoctor;
  recoveryCodes?: string[];
}

/** A password sign-in the server holds for a second factor: whether the account has an authenticator yet. */
export function heldForSecondFactor(error: unknown): { enrolled: boolean } | null {
  if (!(error instanceof ApiError) || error.body?.code !== 'mfa_required') return null;
  const details = error.body.details as { enrolled?: boolean } | undefined;
  return { enrolled: Boolean(details?.enrolled) };
}

export function useMfaEnrolment() {
  return useMutation({ mutationFn: () => apiRequest<MfaEnrolment>('/api/auth/mfa/enrolment', { method: 'POST', body: {} }) });
}

export function useSecondStep() {
  return useMutation({ mutationFn: (code: string) => apiRequest<SecondStepResult>('/api/auth/mfa/verify', { method: 'POST', body: { code } }) });
}

export function useMfaConfirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiRequest<RecoveryCodes>('/api/auth/mfa/confirm', { method: 'POST', body: { code } }),
    onSuccess: () => queryClient.invalidateQueries(mfaStatusQuery),
  });
}

export function useMfaDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiRequest<void>('/api/auth/mfa/disable', { method: 'POST', body: { code } }),
    onSuccess: () => queryClient.invalidateQueries(mfaStatusQuery),
  });
}
