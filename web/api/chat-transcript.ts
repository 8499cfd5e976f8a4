import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ChatHistoryResult } from '../../common/socket-events';
import { apiRequest, withQuery } from './client';

/** A consultation's chat transcript (GET /api/consultations/{id}/chat): the latest page first, earlier pages before the oldest line shown. */
export const chatTranscriptQuery = (consultationId: string) =>
  infiniteQueryOptions({
    queryKey: ['/api/consultations', consultationId, 'chat'],
    queryFn: ({ pageParam }) => apiRequest<ChatHistoryResult>(withQuery(`/api/consultations/${consultationId}/chat`, { before: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.hasMore ? page.messages[0]?.id : undefined),
  });
