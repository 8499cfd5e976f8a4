import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { DoctorSession, NoticeAnswer, PublicUser } from '../../common/api-types';
import type { LoginInput, EmailLoginInput } from '../../common/schemas/login';
import type { SignupPayload } from '../../common/schemas/signup';
import { ApiError, apiRequest } from './client';
import { meQuery } from './session';
import { doctorMeQuery } from './doctor-session';
import { closeRealtime } from './realtime';
import { showToast } from '../components/toast';
import { claimVault, keepRecord, wipeDevice } from '../offline/vault';
import { useSignInCheck, withSignInProof } from './sign-in-proof';

/** Where a signed-in user lands: admins manage the roster, patients see their dashboard. */
export function homeFor(user: Pick<PublicUser, 'role'>): '/admin/doctors' | '/dashboard' {
  return user.role === 'admin' ? '/admin/doctors' : '/dashboard';
}

/** The server's own words when it gave any, else the screen's fallback. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}

/**
 * Data cached for one account must never show for the next: sign-in starts from an empty cache holding
 * only the new session, and the device vault is claimed for the new account (another account's records
 * and queued changes go) before anything of it is kept.
 */
export function useStartSession() {
  const queryClient = useQueryClient();
  return {
    async user(user: PublicUser) {
      queryClient.clear();
      queryClient.setQueryData(meQuery.queryKey, user);
      await claimVault(user.id)
        .then(() => keepRecord(meQuery.queryKey[0], user))
        .catch((error) => console.warn('Offline vault unavailable', error));
    },
    doctor(session: DoctorSession) {
      queryClient.clear();
      queryClient.setQueryData(doctorMeQuery.queryKey, session.doctor);
    },
  };
}

/** POST /api/auth/login; solves the proof-of-work step when the server asks for it (`checking` while it does). */
export function useLogin() {
  const start = useStartSession();
  const check = useSignInCheck();
  const mutation = useMutation({
    mutationFn: (input: LoginInput) =>
      withSignInProof((proof) => apiRequest<{ user: PublicUser }>('/api/auth/login', { method: 'POST', body: { ...input, proof } }), check.setChecking),
    onSuccess: ({ user }) => start.user(user),
  });
  return { ...mutation, checking: check.checking };
}

/** POST /api/auth/signup: creates the account without signing in; a taken username is refused (409), a taken email answers as a new one. */
export function useSignup() {
  return useMutation({
    mutationFn: (payload: SignupPayload) => apiRequest<NoticeAnswer>('/api/auth/signup', { method: 'POST', body: payload }),
  });
}

/** POST /api/auth/doctor/login, with the proof-of-work step as for patients. */
export function useDoctorLogin() {
  const start = useStartSession();
  const check = useSignInCheck();
  const mutation = useMutation({
    mutationFn: (input: EmailLoginInput) =>
      withSignInProof((proof) => apiRequest<DoctorSession>('/api/auth/doctor/login', { method: 'POST', body: { ...input, proof } }), check.setChecking),
    onSuccess: (session) => start.doctor(session),
  });
  return { ...mutation, checking: check.checking };
}

/** The demo doctor shown as a hint on the doctor login; null where the server seeds no demo data. */
export function useDoctorDemoCredentials() {
  return useQuery({
    queryKey: ['/api/auth/doctor/demo-credentials'],
    queryFn: () => apiRequest<{ email: string; password: string }>('/api/auth/doctor/demo-credentials').catch(() => null),
  });
}

/** After the session ended: nothing of the account stays readable on the device (the server's Clear-Site-Data says the same). */
export async function forgetAccountOnDevice(queryClient: QueryClient): Promise<void> {
  closeRealtime();
  queryClient.clear();
  await wipeDevice().catch((wipeError) => console.warn('Could not wipe the offline vault', wipeError));
}

function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ ok: true }>('/api/auth/logout', { method: 'POST' }),
    onSettled: async (_data, error) => {
      if (!error) await forgetAccountOnDevice(queryClient);
    },
  });
}

/** Patient (and admin) logout per spec: clear cached data, toast 'Logged Out', go to /login. */
export function useLogout() {
  const navigate = useNavigate();
  const end = useEndSession();
  return {
    isPending: end.isPending,
    logout: () =>
      end.mutate(undefined, {
        onSuccess: () => {
          showToast('Logged Out', 'You have been signed out of your medical vault.', 'success');
          void navigate({ to: '/login' });
        },
        onError: () => showToast('Error', 'Failed to logout. Please try again.', 'destructive'),
      }),
  };
}

/** Doctor portal logout: success toasts 'Logged Out'; either way the doctor ends up at /doctor/login. */
export function useDoctorLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const end = useEndSession();
  return {
    isPending: end.isPending,
    logout: () =>
      end.mutate(undefined, {
        onSuccess: () => showToast('Logged Out', 'You have been signed out of the Doctor Portal.', 'success'),
        onSettled: () => {
          queryClient.setQueryData(doctorMeQuery.queryKey, null);
          void navigate({ to: '/doctor/login' });
        },
      }),
  };
}
