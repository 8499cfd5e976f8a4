import { queryOptions, useMutation } from '@tanstack/react-query';
import type { GuestInvitation, GuestSession } from '../../common/api-types';
import { apiRequest, getByKey, newAttemptKey } from './client';

/** The guest's own session (issue 38): null when this browser has none. */
export const guestSessionQuery = queryOptions<GuestSession | null>({
  queryKey: ['/api/guest/session'],
  queryFn: ({ queryKey }) => getByKey<GuestSession>(queryKey, 'returnNull'),
  staleTime: Infinity,
});

/** Opens a guest link with the name the others will see: the link is used up, and this browser gets a guest's session. */
export const joinAsGuest = (token: string, name: string) => apiRequest<GuestSession>('/api/guest/join', { method: 'POST', body: { token, name } });

/** The doctor's (or the patient's) new guest link, shown this once. */
export function useInviteGuest(consultationId: string) {
  return useMutation({
    mutationFn: () => apiRequest<GuestInvitation>(`/api/consultations/${consultationId}/guests`, { method: 'POST', body: {}, idempotencyKey: newAttemptKey() }),
  });
}
