import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MedicationDose, PushPublicKey } from '../../common/api-types';
import { ADHERENCE_MAX_DAYS, type DoseMark } from '../../common/reminders';
import { apiRequest } from './client';
import { browserTimeZone, browserZoneFingerprint, dashboardSummaryQuery, notificationsQuery } from './records';
import { meQuery } from './session';
import { whenIdle } from '../when-idle';
import { base64UrlBytes } from '../base64url';

/** The patient's doses of the longest window the chart shows (30 days); shorter windows are read from it. */
const dosesQuery = queryOptions<MedicationDose[]>({
  queryKey: ['/api/medication-reminders'],
  queryFn: () => apiRequest<MedicationDose[]>('/api/medication-reminders?days=30'),
});

export const useDoses = () => useQuery(dosesQuery);

export function useMarkDose() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dose, status }: { dose: MedicationDose; status: DoseMark }) =>
      apiRequest<MedicationDose>(`/api/medication-reminders/${dose.id}`, { method: 'PATCH', body: { status } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: dosesQuery.queryKey }), queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey })]),
  });
}

/** The consultation patient's doses, for the doctor's Medications tab. */
export const useMedicationLog = (consultationId: string) =>
  useQuery({
    queryKey: ['/api/doctor/consultation', consultationId, 'medication-log'],
    queryFn: () => apiRequest<MedicationDose[]>(`/api/doctor/consultation/${consultationId}/medication-log?days=${ADHERENCE_MAX_DAYS}`),
  });

/** Keeps the zone the server reads reminder times and dashboard dates in equal to this browser's. */
export function useTimeZoneSync(): void {
  const queryClient = useQueryClient();
  const { data: me } = useQuery(meQuery);
  useEffect(() => {
    if (!me || me.role !== 'patient' || me.timeZoneFingerprint === browserZoneFingerprint()) return;
    // Reading the zone's name starts the browser's date machinery (tens of milliseconds on a phone): only
    // when the offsets differ, and not before the screen is drawn.
    return whenIdle(() => {
      const zone = browserTimeZone();
      if (me.timeZone === zone) return;
      void apiRequest('/api/auth/time-zone', { method: 'PUT', body: { timeZone: zone } })
        .then(() => Promise.all([queryClient.invalidateQueries({ queryKey: meQuery.queryKey }), queryClient.invalidateQueries({ queryKey: dashboardSummaryQuery.queryKey })]))
        .catch(() => undefined);
    });
  }, [me, queryClient]);
}

/**
 * Hands this browser's push subscription to the server again once per signed-in patient: signing out
 * deleted the server's copy while the browser kept its own, and the next sign-in must bring it back.
 */
export function useRenewedPushSubscription(): void {
  const { data: me } = useQuery(meQuery);
  const patientId = me?.role === 'patient' ? me.id : null;
  useEffect(() => {
    if (!patientId || !pushSupported() || Notification.permission !== 'granted') return;
    void navigator.serviceWorker
      .getRegistration()
      .then((registration) => registration?.pushManager.getSubscription())
      .then((subscription) => subscription && apiRequest('/api/push/subscribe', { method: 'POST', body: subscription.toJSON() }))
      .catch(() => undefined);
  }, [patientId]);
}

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

// navigator.serviceWorker is undefined, not absent, where a browser turns workers off (e.g. Firefox private windows).
const pushSupported = () => typeof window !== 'undefined' && Boolean(navigator.serviceWorker) && 'PushManager' in window && 'Notification' in window;

/** How a browser without a push service (or one turned off) refuses to subscribe: nothing a retry changes. */
const isNoPushService = (error: unknown) => error instanceof DOMException && (error.name === 'AbortError' || error.name === 'NotSupportedError');

/** Whether this browser gets reminders as push notifications. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/**
 * Asks for permission (only ever from a click), subscribes through the service worker with the
 * server's key, and hands the subscription to the server. Subscribing again is harmless (one per endpoint).
 */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  // Without a registered worker (it failed, or this build has none) `ready` would never settle.
  if (!(await navigator.serviceWorker.getRegistration())) return 'unsupported';
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await apiRequest<PushPublicKey>('/api/push/public-key');
  let subscription = await registration.pushManager.getSubscription();
  try {
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(publicKey) });
  } catch (error) {
    if (isNoPushService(error)) return 'unsupported';
    throw error;
  }
  await apiRequest('/api/push/subscribe', { method: 'POST', body: subscription.toJSON() });
  return 'on';
}

export async function disablePush(): Promise<PushState> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    await apiRequest('/api/push/unsubscribe', { method: 'POST', body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return 'off';
}
