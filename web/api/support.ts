import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueuedSupportRequest, SupportRequest } from '../../common/api-types';
import type { SupportRequestInput } from '../../common/schemas/support';
import { apiRequest } from './client';

/** The patient's own support requests and their answers, newest first: asked afresh each time the page opens, as answers come from the support team. */
export const supportRequestsQuery = queryOptions<SupportRequest[]>({ queryKey: ['/api/support-requests'], staleTime: 0 });

/** The support team's queue (admins): unanswered first, Premium's first among them; asked afresh each time the page opens (patients write, other admins answer). */
export const supportQueueQuery = queryOptions<QueuedSupportRequest[]>({ queryKey: ['/api/admin/support-requests'], staleTime: 0 });

export function useSendSupportRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SupportRequestInput) => apiRequest<SupportRequest>('/api/support-requests', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportRequestsQuery.queryKey }),
  });
}

export function useAnswerSupportRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: string }) =>
      apiRequest<QueuedSupportRequest>(`/api/admin/support-requests/${id}/answer`, { method: 'POST', body: { answer } }),
    // Answered elsewhere meanwhile (409) or now: the queue shows it as it is.
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportQueueQuery.queryKey }),
  });
}
