import { useEffect, useState } from 'react';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { Passkey, PublicUser } from '../../common/api-types';
import { apiRequest } from './client';
import { webauthn } from './webauthn';
import { meQuery } from './session';
import { useStartSession } from './auth';

export const passkeysQuery = queryOptions<Passkey[]>({ queryKey: ['/api/passkeys'] });

/** Ids of the passkeys registered from this browser, so the screen can tell 'this device' apart. */
const DEVICE_PASSKEYS_KEY = 'medivault.devicePasskeys';

function devicePasskeyIds(): string[] {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(DEVICE_PASSKEYS_KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function rememberDevicePasskey(id: string): void {
  localStorage.setItem(DEVICE_PASSKEYS_KEY, JSON.stringify([...devicePasskeyIds(), id]));
}

/** Whether this passkey was registered from this browser. */
export function isThisDevice(passkey: Passkey): boolean {
  return devicePasskeyIds().includes(passkey.id);
}

/** True when the device refused because it already holds a passkey for this account. */
export function isAlreadyRegistered(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED';
}

/** The browser's own check, which is all the library's platformAuthenticatorIsAvailable does. */
function platformAuthenticatorIsAvailable(): Promise<boolean> {
  if (typeof PublicKeyCredential === 'undefined' || !PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable) return Promise.resolve(false);
  return PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable();
}

/** Whether this device has a biometric (user-verifying platform) authenticator; null while asking. */
export function usePlatformAuthenticator(): boolean | null {
  const [available, setAvailable] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    platformAuthenticatorIsAvailable()
      .catch(() => false)
      .then((yes) => live && setAvailable(yes));
    return () => {
      live = false;
    };
  }, []);
  return available;
}

/** A readable name for this device in the passkey list, e.g. 'Chrome on Android'. */
function deviceName(): string {
  const agent = navigator.userAgent;
  const browser = /Edg\//.test(agent) ? 'Edge' : /Chrome\//.test(agent) ? 'Chrome' : /Firefox\//.test(agent) ? 'Firefox' : /Safari\//.test(agent) ? 'Safari' : 'Browser';
  const system = /Android/.test(agent) ? 'Android' : /iPhone|iPad/.test(agent) ? 'iOS' : /Mac OS X/.test(agent) ? 'macOS' : /Windows/.test(agent) ? 'Windows' : /Linux/.test(agent) ? 'Linux' : 'this device';
  return `${browser} on ${system}`;
}

/** 'Set up biometric login': registers this device's passkey for the signed-in patient. */
function useRefreshPasskeys() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries(passkeysQuery), queryClient.invalidateQueries(meQuery)]);
}

export function useRegisterPasskey() {
  const refresh = useRefreshPasskeys();
  return useMutation({
    mutationFn: async () => {
      const optionsJSON = await apiRequest<PublicKeyCredentialCreationOptionsJSON>('/api/passkeys/registration/options', { method: 'POST' });
      const credential = await (await webauthn()).startRegistration({ optionsJSON });
      return apiRequest<Passkey>('/api/passkeys/registration', { method: 'POST', body: { credential, deviceName: deviceName() } });
    },
    onSuccess: (passkey) => {
      rememberDevicePasskey(passkey.id);
      return refresh();
    },
  });
}

export function useRemovePasskey() {
  const refresh = useRefreshPasskeys();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/api/passkeys/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** 'Use Biometric Login': the device offers its passkey for this site; the server then opens a session. */
export function usePasskeyLogin() {
  const start = useStartSession();
  return useMutation({
    mutationFn: async () => {
      const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>('/api/passkeys/authentication/options', { method: 'POST' });
      const credential = await (await webauthn()).startAuthentication({ optionsJSON });
      return apiRequest<{ user: PublicUser }>('/api/passkeys/authentication', { method: 'POST', body: { credential } });
    },
    onSuccess: ({ user }) => start.user(user),
  });
}
