import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { MfaEnrolment, MfaStatus, PublicDoctor, PublicUser, RecoveryCodes, SecondFactorMethod } from '../../common/api-types';
import { ApiError, apiRequest } from './client';
import { webauthn } from './webauthn';

export const mfaStatusQuery = queryOptions<MfaStatus>({ queryKey: ['/api/auth/mfa'] });

/** What the second step of a sign-in answers: the account, and its recovery codes when it confirmed a new authenticator. */
export interface SecondStepResult {
  user?: PublicUser;
  doctor?: PublicDoctor;
  recoveryCodes?: string[];
}

/** A password sign-in the server holds for a second factor: the factors its account has (none yet: it sets one up). */
export interface HeldSignIn {
  methods: SecondFactorMethod[];
}

export function heldForSecondFactor(error: unknown): HeldSignIn | null {
  if (!(error instanceof ApiError) || error.body?.code !== 'mfa_required') return null;
  const details = error.body.details as { methods?: unknown } | undefined;
  const methods = Array.isArray(details?.methods) ? details.methods.filter((m): m is SecondFactorMethod => m === 'totp' || m === 'passkey') : [];
  return { methods };
}

type WebAuthnLibrary = Awaited<ReturnType<typeof webauthn>>;

/** A passkey ceremony that finishes the held sign-in: the server's options, the device's answer, then the server's verdict. */
function passkeyStep<Options>(path: string, answer: (library: WebAuthnLibrary, optionsJSON: Options) => Promise<unknown>) {
  return async () => {
    const optionsJSON = await apiRequest<Options>(`${path}/options`, { method: 'POST', body: {} });
    const credential = await answer(await webauthn(), optionsJSON);
    return apiRequest<SecondStepResult>(path, { method: 'POST', body: { credential } });
  };
}

/** The held sign-in finished with the account's passkey. */
export function usePasskeySecondStep() {
  return useMutation({
    mutationFn: passkeyStep<PublicKeyCredentialRequestOptionsJSON>('/api/auth/mfa/passkey', (library, optionsJSON) => library.startAuthentication({ optionsJSON })),
  });
}

/** The held sign-in of an account with no second factor yet, finished by setting up this device's passkey (recovery codes follow). */
export function usePasskeySetup() {
  return useMutation({
    mutationFn: passkeyStep<PublicKeyCredentialCreationOptionsJSON>('/api/auth/mfa/passkey/registration', (library, optionsJSON) => library.startRegistration({ optionsJSON })),
  });
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
