import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import type { ConsultationGuest, GuestInvitation, GuestLink, GuestSession } from '../../common/api-types';
import { apiRequest, getByKey, newAttemptKey } from './client';

/** The guest's own session (issue 38): null when this browser has none. */
export const guestSessionQuery = queryOptions<GuestSession | null>({
  queryKey: ['/api/guest/session'],
  queryFn: ({ queryKey }) => getByKey<GuestSession>(queryKey, 'returnNull'),
  staleTime: Infinity,
});

/** A guest link checked before its name form shows: who invited the guest, or (an ApiError) why it cannot be used. */
export const guestLinkQuery = (token: string) =>
  queryOptions<GuestLink>({
    queryKey: ['/api/guest/link', token],
    queryFn: () => apiRequest<GuestLink>('/api/guest/link', { method: 'POST', body: { token } }),
    staleTime: Infinity,
    retry: false,
  });

/** Opens a guest link with the name the others will see: the link is used up, and this browser gets a guest's session. */
export const joinAsGuest = (token: string, name: string) => apiRequest<GuestSession>('/api/guest/join', { method: 'POST', body: { token, name } });

/**
 * A consultation's guest links, as its patient and doctor see them; `changes` counts the server's
 * 'consultation:guests' pushes the call has heard, so each one reads the list again.
 */
export const consultationGuestsQuery = (consultationId: string, changes = 0) =>
  queryOptions<ConsultationGuest[]>({
    queryKey: ['/api/consultations', consultationId, 'guests', changes],
    queryFn: async () => (await apiRequest<ConsultationGuest[]>(`/api/consultations/${consultationId}/guests`)) ?? [],
    placeholderData: keepPreviousData,
  });

/** The doctor's (or the patient's) new guest link, shown this once. */
export function useInviteGuest(consultationId: string) {
  return useMutation({
    mutationFn: () => apiRequest<GuestInvitation>(`/api/consultations/${consultationId}/guests`, { method: 'POST', body: {}, idempotencyKey: newAttemptKey() }),
  });
}

/** The doctor approves a guest the patient asked for (`approve`), or either side withdraws a link not yet used (`withdraw`). */
export function useGuestDecision(consultationId: string) {
  return useMutation({
    mutationFn: ({ guestId, decision }: { guestId: string; decision: 'approve' | 'withdraw' }) =>
      decision === 'approve'
        ? apiRequest<ConsultationGuest>(`/api/consultations/${consultationId}/guests/${guestId}/approval`, { method: 'POST', body: {}, idempotencyKey: newAttemptKey() })
        : apiRequest<ConsultationGuest>(`/api/consultations/${consultationId}/guests/${guestId}`, { method: 'DELETE' }),
  });
}
