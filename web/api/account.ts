import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountSession } from '../../common/api-types';
import type { ChangePasswordPayload } from '../../common/schemas/password';
import { apiRequest } from './client';

export const accountSessionsQuery = queryOptions<AccountSession[]>({ queryKey: ['/api/auth/sessions'] });

function useRefreshSessions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accountSessionsQuery.queryKey });
}

/** Changes the password; the server ends every other session of the account. */
export function useChangePassword() {
  const refresh = useRefreshSessions();
  return useMutation({
    mutationFn: (body: ChangePasswordPayload) => apiRequest<void>('/api/auth/password', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useSignOutOtherDevices() {
  const refresh = useRefreshSessions();
  return useMutation({
    mutationFn: () => apiRequest<void>('/api/auth/sessions/revoke-others', { method: 'POST', body: {} }),
    onSuccess: refresh,
  });
}

export function useSignOutDevice() {
  const refresh = useRefreshSessions();
  return useMutation({
    mutationFn: (handle: string) => apiRequest<void>(`/api/auth/sessions/${encodeURIComponent(handle)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
