import { infiniteQueryOptions } from '@tanstack/react-query';
import type { AccessHistoryPage } from '../../common/api-types';
import { apiRequest } from './client';

export type AccessHistoryScope = 'anyone' | 'others';

/** GET /api/access-history, a page at a time ('Load more' follows nextCursor); `others` leaves out the patient's own actions. */
export const accessHistoryQuery = (by: AccessHistoryScope) =>
  infiniteQueryOptions({
    queryKey: ['/api/access-history', by],
    // Others' reads happen elsewhere (a doctor opening the records): asked afresh each time the page opens.
    staleTime: 0,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ by });
      if (pageParam) params.set('before', pageParam);
      return apiRequest<AccessHistoryPage>(`/api/access-history?${params}`);
    },
    getNextPageParam: (last) => last.nextCursor,
  });
